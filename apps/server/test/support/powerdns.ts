import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPowerDns, type EmbeddedPowerDns } from '../../src/integrations/powerdns/embedded';
import { RECURSOR_INSTALL, type DnsServers } from '../../src/platform/dns-servers';
import { freePort } from './edge-fleet';

export interface TestPowerDns extends EmbeddedPowerDns {
  /** For buildApp / startTestServer: this server as Nimbus's authoritative one. */
  servers: DnsServers;
  /** For a console process (console-process.ts): the same server through PDNS_API_URL and its key. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** A loopback address of its own (127.53.x.y), so UDP ports of parallel test files never meet. */
export const ownLoopbackAddress = () => `127.53.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}`;

/**
 * Debian's pdns_server as Nimbus starts it (embedded, LMDB), in a temporary folder, answering DNS
 * on an address of its own.
 */
export async function startPowerDns(): Promise<TestPowerDns> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-pdns-'));
  const host = ownLoopbackAddress();
  const [dnsPort, apiPort] = await Promise.all([freePort(host), freePort(host)]);
  const embedded = await startEmbeddedPowerDns({
    dir,
    dns: { host, port: dnsPort },
    api: { host, port: apiPort },
  });
  const stop = async () => {
    await embedded.daemon.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return {
    ...embedded,
    env: {
      PDNS_API_URL: embedded.apiUrl,
      PDNS_API_KEY: fs.readFileSync(path.join(dir, 'api.key'), 'utf8').trim(),
      PDNS_DNS_ADDRESS: `${embedded.dns.host}:${embedded.dns.port}`,
    },
    servers: {
      authoritative: {
        state: 'ready',
        client: embedded.client,
        dns: embedded.dns,
        linesDir: embedded.linesDir,
      },
      recursor: { state: 'missing', reason: 'not started in this test', install: RECURSOR_INSTALL },
      close: stop,
    },
    stop,
  };
}
