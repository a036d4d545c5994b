import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, freePort } from './edge-fleet';
import { makeCertificate } from './openssl';

export interface Pebble {
  directoryUrl: string;
  /** The CA file that makes Nimbus trust pebble's HTTPS (NIMBUS_ACME_CA_FILE). */
  caFile: string;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Debian's pebble, a real ACME CA for tests, with pebble-challtestsrv as its DNS: every name
 * resolves to `edgeAddress`, and HTTP-01 is checked on `httpPort` there (the edge's site port).
 */
export async function startPebble(edgeAddress: string, httpPort: number): Promise<Pebble> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-pebble-'));
  const tls = makeCertificate(['localhost']);
  fs.writeFileSync(path.join(dir, 'cert.pem'), tls.certPem);
  fs.writeFileSync(path.join(dir, 'key.pem'), tls.keyPem);
  fs.writeFileSync(path.join(dir, 'ca.pem'), tls.caPem);
  const [apiPort, managementPort, dnsPort, challengeManagementPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  fs.writeFileSync(
    path.join(dir, 'pebble.json'),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${apiPort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: path.join(dir, 'cert.pem'),
        privateKey: path.join(dir, 'key.pem'),
        httpPort,
        tlsPort: 5001,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const log: string[] = [];
  const collect = (child: ChildProcess) => {
    for (const s of [child.stdout, child.stderr]) s?.on('data', (d: Buffer) => log.push(d.toString()));
    return child;
  };
  const dns = collect(
    spawn('pebble-challtestsrv', [
      '-defaultIPv4',
      edgeAddress,
      '-defaultIPv6',
      '',
      '-dns01',
      `127.0.0.1:${dnsPort}`,
      '-http01',
      '',
      '-https01',
      '',
      '-tlsalpn01',
      '',
      '-management',
      `127.0.0.1:${challengeManagementPort}`,
    ]),
  );
  const ca = collect(
    spawn('pebble', ['-config', path.join(dir, 'pebble.json'), '-dnsserver', `127.0.0.1:${dnsPort}`], {
      // No random sleeps before validation and no random nonce refusals: tests want it plain.
      env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
    }),
  );
  const directoryUrl = `https://localhost:${apiPort}/dir`;
  await eventually(
    async () => log.join('').includes('Listening on'),
    15_000,
    `pebble to listen:\n${log.join('')}`,
  );
  return {
    directoryUrl,
    caFile: path.join(dir, 'ca.pem'),
    async stop() {
      await Promise.all([stopChild(ca), stopChild(dns)]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
