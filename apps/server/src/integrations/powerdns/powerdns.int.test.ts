import dns from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { PowerDnsError } from './client';

let pdns: TestPowerDns;
let resolver: dns.Resolver;

beforeAll(async () => {
  pdns = await startPowerDns();
  resolver = new dns.Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([`${pdns.dns.host}:${pdns.dns.port}`]);
}, 30_000);
afterAll(() => pdns?.stop());

describe('the PowerDNS adapter against Debian pdns_server', () => {
  it('creates a zone whose records are answered at once, and deletes it', async () => {
    await pdns.client.createZone('adapter.test', ['ns1.adapter.test']);
    await pdns.client.patchRRsets('adapter.test', [
      {
        name: 'www.adapter.test.',
        type: 'A',
        ttl: 60,
        changetype: 'REPLACE',
        records: [{ content: '192.0.2.7', disabled: false }],
      },
    ]);
    expect(await resolver.resolve4('www.adapter.test')).toEqual(['192.0.2.7']);
    expect((await pdns.client.zone('adapter.test'))?.name).toBe('adapter.test.');
    await pdns.client.deleteZone('adapter.test');
    expect(await pdns.client.zone('adapter.test')).toBeUndefined();
    await expect(resolver.resolve4('www.adapter.test')).rejects.toThrow();
  });

  it('reports a refusal with PowerDNS own words and status 422', async () => {
    await pdns.client.createZone('bad.test', ['ns1.bad.test']);
    const refusal = await pdns.client
      .patchRRsets('bad.test', [
        {
          name: 'x.bad.test.',
          type: 'A',
          ttl: 60,
          changetype: 'REPLACE',
          records: [{ content: 'nope', disabled: false }],
        },
      ])
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PowerDnsError);
    expect((refusal as PowerDnsError).status).toBe(422);
    expect((refusal as PowerDnsError).detail).toMatch(/nope/);
  });

  it('signs a zone and gives its DS records', async () => {
    await pdns.client.createZone('signed.test', ['ns1.signed.test']);
    await pdns.client.addCryptoKey('signed.test');
    const [key] = await pdns.client.cryptoKeys('signed.test');
    expect(key?.ds?.length).toBeGreaterThan(0);
  });
});
