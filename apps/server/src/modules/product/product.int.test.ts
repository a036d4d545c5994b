import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';

let server: TestServer;
let admin: string;
let customer: string;

interface Product {
  id: number;
  kind: string;
  name: string;
  attrs: Record<string, number | boolean>;
  prices: { unit: string; cents: number }[];
  billingMode: number;
  onSale: boolean;
  sort: number;
}
interface Page {
  list: Product[];
  totalCount: number;
}

const call: TestServer['call'] = (method, path, options = {}) =>
  server.call(method, path, { lang: 'en', ...options });

const basic = {
  kind: 'cdn_plan',
  name: 'Basic CDN',
  description: '10 domains, 100 GB a month',
  attrs: { domains: 10, traffic: 100, purge: 500, https: true, waf: false },
  prices: [
    { unit: 'm', cents: 9_900 },
    { unit: 'y', cents: 99_000 },
  ],
  billingMode: 1,
  sort: 2,
};

const save = (body: Record<string, unknown>, token = admin) =>
  call<Product>('POST', 'sys/product/save', { token, body });

beforeAll(async () => {
  server = await startTestServer();
  [admin, customer] = await Promise.all([server.login('admin'), server.login('customer')]);
});
afterAll(() => server.close());

describe('products', () => {
  it('answers 401 without a token and 403 for a customer on the admin calls', async () => {
    expect((await call('GET', 'app/product/product/attr/object')).body.code).toBe(401);
    expect((await call('POST', 'app/product/list', { body: {} })).body.code).toBe(401);
    expect((await save(basic, customer)).body.code).toBe(403);
    expect((await call('POST', 'sys/product/list', { token: customer, body: {} })).body.code).toBe(403);
  });

  it('serves the attribute definitions: defense and sms show no usage', async () => {
    const answer = await call<{
      productAttrObj: Record<string, { showUsage: boolean }>;
      productAttr: string[];
    }>('GET', 'app/product/product/attr/object', { token: customer });
    expect(answer.body.data!.productAttr).toContain('domains');
    expect(answer.body.data!.productAttrObj.defense!.showUsage).toBe(false);
    expect(answer.body.data!.productAttrObj.sms!.showUsage).toBe(false);
    expect(answer.body.data!.productAttrObj.traffic!.showUsage).toBe(true);
  });

  it('creates off sale, edits, and puts on sale; each change audited; customers see only what is on sale', async () => {
    const created = await save(basic);
    expect(created.body.code).toBe(1);
    const product = created.body.data!;
    expect(product).toMatchObject({ name: 'Basic CDN', onSale: false, billingMode: 1, sort: 2 });

    const onSaleBefore = await call<Page>('POST', 'app/product/list', { token: customer, body: {} });
    expect(onSaleBefore.body.data!.list.map((p) => p.id)).not.toContain(product.id);

    const edited = await save({ ...basic, id: product.id, name: 'Basic CDN 2026' });
    expect(edited.body.data!.name).toBe('Basic CDN 2026');
    const listed = await call<Product>('POST', 'sys/product/status', {
      token: admin,
      body: { id: product.id, onSale: true },
    });
    expect(listed.body.data!.onSale).toBe(true);

    const onSale = await call<Page>('POST', 'app/product/list', {
      token: customer,
      body: { kind: 'cdn_plan' },
    });
    expect(onSale.body.data!.list.map((p) => p.name)).toContain('Basic CDN 2026');
    const vas = await call<Page>('POST', 'app/product/list', { token: customer, body: { kind: 'vas' } });
    expect(vas.body.data!.list.map((p) => p.id)).not.toContain(product.id);

    const audits = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `product:${product.id}`));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'product.create',
      'product.on_sale',
      'product.update',
    ]);
  });

  it('lists for admins in sort order with kind, sale and name filters', async () => {
    await save({ ...basic, name: 'Zeta DNS', kind: 'dns_plan', sort: 0, attrs: { dnsZones: 5 } });
    const all = await call<Page>('POST', 'sys/product/list', { token: admin, body: {} });
    expect(all.body.data!.list[0]!.name).toBe('Zeta DNS');
    const dns = await call<Page>('POST', 'sys/product/list', { token: admin, body: { kind: 'dns_plan' } });
    expect(dns.body.data!.list.every((p) => p.kind === 'dns_plan')).toBe(true);
    const named = await call<Page>('POST', 'sys/product/list', { token: admin, body: { keyword: 'basic' } });
    expect(named.body.data!.list.map((p) => p.name)).toEqual(['Basic CDN 2026']);
    const off = await call<Page>('POST', 'sys/product/list', { token: admin, body: { onSale: false } });
    expect(off.body.data!.list.every((p) => !p.onSale)).toBe(true);
  });

  it('names what is wrong: no price, a price twice, a fractional price, a switch given a number, no name', async () => {
    const noPrice = await save({ ...basic, prices: [] });
    expect(noPrice.body.msg).toBe('Set a price for at least one billing cycle');
    const twice = await save({
      ...basic,
      prices: [
        { unit: 'm', cents: 1 },
        { unit: 'm', cents: 2 },
      ],
    });
    expect(twice.body.msg).toBe('Each billing cycle can have one price only');
    const fraction = await save({ ...basic, prices: [{ unit: 'm', cents: 9.5 }] });
    expect(fraction.body.msg).toContain('at most two decimals');
    const badSwitch = await save({ ...basic, attrs: { https: 3 } });
    expect(badSwitch.body.code).toBe(400);
    const noName = await save({ ...basic, name: ' ' });
    expect(noName.body.msg).toContain('Name');
    const unknown = await save({ ...basic, id: 999_999 });
    expect(unknown.body.code).toBe(404);
  });

  it('keeps a usage price: required per Mbps for a plan billed by bandwidth, refused for other kinds', async () => {
    const unpriced = await save({ ...basic, billingMode: 3 });
    expect(unpriced.body.msg).toBe(
      'Usage price: a plan billed by bandwidth needs a price per Mbps of more than 0',
    );
    const onVas = await save({ ...basic, kind: 'vas', attrs: {}, usagePriceCents: 100 });
    expect(onVas.body.msg).toBe('Usage price: only CDN plans are settled by use');
    const cn = await server.call('POST', 'sys/product/save', {
      token: admin,
      lang: 'cn',
      body: { ...basic, usagePriceCents: 1.5 },
    });
    expect(cn.body.msg).toContain('用量单价');
    const priced = await save({ ...basic, billingMode: 2, usagePriceCents: 2_500 });
    expect(priced.body.data).toMatchObject({ billingMode: 2, usagePriceCents: 2_500 });
  });
});
