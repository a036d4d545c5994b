import { spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { eventually, freePort } from './edge-fleet';
import { makeCertificate } from './openssl';

export interface Pebble {
  directoryUrl: string;
  /** The CA file that makes Nimbus trust pebble's HTTPS (NIMBUS_ACME_CA_FILE). */
  caFile: string;
  /** The subject of the CA that signs this pebble's certificates (each run makes its own). */
  issuerSubject(): Promise<string>;
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
export async function startPebble(
  edgeAddress: string,
  httpPort: number,
  /** EAB key ids and their HMAC keys: a CA that registers only accounts bound to one of them. */
  eabKeys?: Record<string, string>,
): Promise<Pebble> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-pebble-'));
  const tls = makeCertificate(['localhost']);
  fs.writeFileSync(path.join(dir, 'cert.pem'), tls.certPem);
  fs.writeFileSync(path.join(dir, 'key.pem'), tls.keyPem);
  fs.writeFileSync(path.join(dir, 'ca.pem'), tls.caPem);
  const [apiPort, managementPort] = await Promise.all([freePort(), freePort()]);
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
        externalAccountBindingRequired: eabKeys !== undefined,
        ...(eabKeys ? { externalAccountMACKeys: eabKeys } : {}),
      },
    }),
  );
  const log: string[] = [];
  const collect = (child: ChildProcess) => {
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (d: Buffer) => log.push(d.toString()));
    return child;
  };
  const dns = await startMockDns(edgeAddress);
  const ca = collect(
    spawn('pebble', ['-config', path.join(dir, 'pebble.json'), '-dnsserver', `127.0.0.1:${dns.port}`], {
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
    issuerSubject: () =>
      new Promise<string>((resolve, reject) => {
        https
          .get(`https://localhost:${managementPort}/intermediates/0`, { ca: tls.caPem }, (response) => {
            let pem = '';
            response.on('data', (chunk: Buffer) => (pem += chunk.toString()));
            response.on('end', () => resolve(new X509Certificate(pem).subject));
          })
          .on('error', reject);
      }),
    async stop() {
      await Promise.all([stopChild(ca), dns.stop()]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface MockDns {
  /** UDP/TCP port on 127.0.0.1. */
  port: number;
  /** Makes `host` a CNAME of `target`. */
  setCname(host: string, target: string): Promise<void>;
  stop(): Promise<void>;
}

/** pebble-challtestsrv as a DNS server: every A query answers `defaultIPv4` unless told otherwise. */
export async function startMockDns(defaultIPv4: string): Promise<MockDns> {
  const [port, management] = await Promise.all([freePort(), freePort()]);
  const log: string[] = [];
  const child = spawn('pebble-challtestsrv', [
    '-defaultIPv4',
    defaultIPv4,
    '-defaultIPv6',
    '',
    '-dns01',
    `127.0.0.1:${port}`,
    '-http01',
    '',
    '-https01',
    '',
    '-tlsalpn01',
    '',
    '-management',
    `127.0.0.1:${management}`,
  ]);
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (d: Buffer) => log.push(d.toString()));
  const api = (path: string, body: object) =>
    fetch(`http://127.0.0.1:${management}${path}`, { method: 'POST', body: JSON.stringify(body) });
  await eventually(
    async () => (await api('/clear-cname', { host: 'ready.invalid.' })).ok,
    15_000,
    `challtestsrv:\n${log.join('')}`,
  );
  return {
    port,
    async setCname(host, target) {
      const answer = await api('/set-cname', { host: `${host}.`, target: `${target}.` });
      if (!answer.ok) throw new Error(`set-cname answered ${answer.status}`);
    },
    stop: () => stopChild(child),
  };
}
