import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedRecursor, type EmbeddedRecursor } from '../../src/integrations/pdns-recursor/embedded';
import { noDnsServers, type DnsServers } from '../../src/platform/dns-servers';
import { freePort } from './edge-fleet';
import { ownLoopbackAddress } from './powerdns';

export interface TestRecursor extends EmbeddedRecursor {
  /** Its config folder (recursor.conf, root.hints, api/). */
  dir: string;
  /** For buildApp / startTestServer: this Recursor (and `authoritative` when given) as Nimbus's. */
  servers: DnsServers;
}

/**
 * Debian's pdns_recursor as Nimbus starts it (embedded), in a temporary folder, answering DNS on
 * an address of its own. `authoritative` joins a test's PowerDNS Authoritative to the set.
 */
export async function startRecursor(authoritative?: DnsServers['authoritative']): Promise<TestRecursor> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-recursor-'));
  const host = ownLoopbackAddress();
  const [dnsPort, apiPort] = await Promise.all([freePort(host), freePort(host)]);
  const embedded = await startEmbeddedRecursor({
    dir,
    dns: { host, port: dnsPort },
    api: { host, port: apiPort },
  });
  const stop = async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return {
    ...embedded,
    dir,
    stop,
    servers: {
      authoritative: authoritative ?? noDnsServers('no PowerDNS Authoritative in this test').authoritative,
      recursor: { state: 'ready', client: embedded.client, dns: embedded.dns },
      close: stop,
    },
  };
}
