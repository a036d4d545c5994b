import { DNS_FREE_TIER, type DnsZone } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';

/**
 * DNS plan quotas (ADR 0041): a customer's DNS plans in force replace the free tier; every
 * refusal names the limit. `dora` holds a small plan, `fred` none (the free tier).
 */
let pdns: TestPowerDns;
let server: TestServer;
let admin: string;
let dora: string;
let fred: string;

const call = (path: string, token: string, body: unknown) =>
  server.call<DnsZone & { changed: number }>('POST', path, { token, body, lang: 'en' });
const ok = async (path: string, token: string, body: unknown) => {
  const answer = await call(path, token, body);
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};
const refusal = async (path: string, token: string, body: unknown) => {
  const answer = await call(path, token, body);
  expect(answer.body.code).toBe(400);
  return answer.body.msg;
};
const record = (zoneId: number, hostRecord: string, extra: Record<string, unknown> = {}) => ({
  zoneId,
  hostRecord,
  recordType: 'A',
  recordValue: '192.0.2.10',
  ttl: 600,
  ...extra,
});

async function customer(username: string) {
  const [row] = await server.database.db
    .insert(customers)
    .values({ username, passwordHash: await hashPassword('quota-pass-1') })
    .returning();
  return { id: row!.id, token: await server.login('customer', { username, password: 'quota-pass-1' }) };
}

beforeAll(async () => {
  pdns = await startPowerDns();
  server = await startTestServer({ dns: pdns.servers });
  admin = await server.login('admin');
  const d = await customer('dora-quota');
  dora = d.token;
  fred = (await customer('fred-quota')).token;
  // A DNS plan of 2 domains, 3 records each, no lines, no DNSSEC, bought and paid from the balance.
  const product = await ok('sys/product/save', admin, {
    kind: 'dns_plan',
    name: 'DNS Mini',
    billingMode: 1,
    onSale: true,
    description: '',
    attrs: { dnsZones: 2, dnsRecords: 3, dnsLines: false, dnssec: false },
    prices: [{ unit: 'm', cents: 100 }],
  });
  await ok('sys/finance/recharge', admin, { userId: d.id, direction: 'credit', amount: 1_000, note: 'test' });
  const order = await server.call<{ serialNumber: string }>('POST', 'app/plan/purchase', {
    token: dora,
    body: { productId: product.id, cycle: 'm', quantity: 1 },
  });
  await ok('app/finance/order/pay', dora, { serialNumber: order.body.data!.serialNumber });
}, 90_000);
afterAll(async () => {
  await server?.close();
  await pdns?.stop();
});

describe('DNS plan quotas', () => {
  let zoneId: number;

  it("refuses a domain beyond the plans' domain total, naming it", async () => {
    zoneId = (await ok('app/dns/zone/create', dora, { name: 'quota-one.test' })).id;
    await ok('app/dns/zone/create', dora, { name: 'quota-two.test' });
    expect(await refusal('app/dns/zone/create', dora, { name: 'quota-three.test' })).toBe(
      'Domain limit reached: your DNS plans allow 2 hosted domains; buy or upgrade a DNS plan',
    );
  });

  it('refuses a record beyond the per-domain limit, one by one and in bulk', async () => {
    await ok('app/dns/record/save', dora, record(zoneId, 'a'));
    await ok('app/dns/record/save', dora, record(zoneId, 'b'));
    const many = [record(zoneId, 'c'), record(zoneId, 'd')].map(({ zoneId: _, ...rest }) => rest);
    expect(await refusal('app/dns/record/bulk', dora, { zoneId, records: many })).toBe(
      'Record limit reached: your DNS plans allow 3 records per domain; buy or upgrade a DNS plan',
    );
    await ok('app/dns/record/save', dora, record(zoneId, 'c'));
    expect(await refusal('app/dns/record/save', dora, record(zoneId, 'd'))).toMatch(/^Record limit reached/);
  });

  it('refuses a line other than the default without the lines switch', async () => {
    const other = (
      await server.call<{ list: DnsZone[] }>('POST', 'app/dns/zone/list', { token: dora, body: {} })
    ).body.data!.list.find((zone) => zone.name === 'quota-two.test')!;
    expect(await refusal('app/dns/record/save', dora, record(other.id, 'www', { lineType: 'telecom' }))).toBe(
      'Line: your DNS plans do not include carrier and region lines; choose the default line or buy a DNS plan with lines',
    );
    await ok('app/dns/record/save', dora, record(other.id, 'www', { lineType: 'default' }));
  });

  it('refuses DNSSEC without the switch', async () => {
    expect(await refusal('app/dns/zone/dnssec', dora, { id: zoneId, enabled: true })).toBe(
      'DNSSEC: your DNS plans do not include DNSSEC; buy a DNS plan with DNSSEC',
    );
  });

  it('a customer with no DNS plan keeps the free tier: lines and DNSSEC included', async () => {
    expect(DNS_FREE_TIER).toMatchObject({ dnsLines: true, dnssec: true });
    const zone = await ok('app/dns/zone/create', fred, { name: 'quota-free.test' });
    await ok('app/dns/record/save', fred, record(zone.id, 'www', { lineType: 'telecom' }));
    expect((await ok('app/dns/zone/dnssec', fred, { id: zone.id, enabled: true })).dnssec).toBe(true);
    for (let i = 1; i < DNS_FREE_TIER.dnsZones; i++)
      await ok('app/dns/zone/create', fred, { name: `quota-free-${i}.test` });
    expect(await refusal('app/dns/zone/create', fred, { name: 'quota-free-extra.test' })).toBe(
      `Domain limit reached: your DNS plans allow ${DNS_FREE_TIER.dnsZones} hosted domains; buy or upgrade a DNS plan`,
    );
  });

  it('a DNS plan must carry DNS attributes only', async () => {
    const answer = await server.call('POST', 'sys/product/save', {
      token: admin,
      lang: 'en',
      body: {
        kind: 'dns_plan',
        name: 'Odd',
        billingMode: 1,
        attrs: { domains: 5 },
        prices: [{ unit: 'm', cents: 1 }],
      },
    });
    expect(answer.body.msg).toMatch(/a product of this type cannot carry this attribute/);
  });
});
