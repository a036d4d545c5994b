import crypto from 'node:crypto';
import {
  EDGE_PATHS,
  GEO_ENTRY_BYTES,
  geoLookup,
  WAF_PATHS,
  type EdgeGeo,
  type EdgeNodeSaved,
  type Site,
  type SiteSettingsView,
  type WafTestResult,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';

/*
 * Issue 20 §2 through the API: the region and header-size settings with their messages, the WAF
 * `country` target and the test box's lookup, and the country table the edge API serves to
 * node tokens only.
 */
let server: TestServer;
let customer: string;
let nodeToken: string;
let site: Site;

const call = <T = unknown>(path: string, body: unknown, lang: 'cn' | 'en' = 'en') =>
  server.call<T>('POST', path, { token: customer, body, lang });
const save = (section: string, value: object, lang: 'cn' | 'en' = 'en') =>
  call<SiteSettingsView>('app/site/domain/settings/save', { id: site.id, section, value }, lang);
const edgeGet = (endpoint: string, token = nodeToken) =>
  fetch(`${server.baseUrl}/api/${endpoint}`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.login('admin');
  customer = await server.login('customer');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Geo', isDefault: true },
  });
  nodeToken = (
    await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'geo-1', ipv4: '198.51.100.91', groupId: group.body.data!.id },
    })
  ).body.data!.token!;
  const created = await call<Site>('app/site/domain/create', {
    domain: 'geo.site.test',
    origins: [{ address: 'origin.example.com', httpPort: 8080 }],
  });
  expect(created.body.code, created.body.msg).toBe(1);
  site = created.body.data!;
}, 60_000);
afterAll(() => server?.close());

describe('region and header size settings', () => {
  it('refuses bad values with a message naming the field, in both languages', async () => {
    const refused = async (section: string, value: object, msg: string, lang: 'cn' | 'en' = 'en') => {
      const answer = await save(section, value, lang);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.msg).toBe(msg);
    };
    await refused(
      'applicationSecure',
      { regionMode: 'deny', countries: ['US', 'ZZ'] },
      'Countries and regions: "ZZ" is not a country code (ISO 3166-1, two letters)',
    );
    await refused(
      'applicationSecure',
      { regionMode: 'deny', countries: ['US', 'US'] },
      'Countries and regions: "US" is listed twice',
    );
    await refused(
      'applicationSecure',
      { regionMode: 'allow', countries: [] },
      'Countries and regions: list at least one entry, or switch it off',
    );
    await refused('applicationSecure', { regionMode: 'allow' }, '国家/地区至少填写一项，或关闭该功能', 'cn');
    await refused(
      'networkSecure',
      { maxHeaderSize: 512 },
      'Maximum header size must be 0 (no limit) or 1024-32768 bytes',
    );
  });

  it('saves a region list and a header size, and reads them back', async () => {
    const app = await save('applicationSecure', { regionMode: 'allow', countries: ['CN', 'HK'] });
    expect(app.body.code, app.body.msg).toBe(1);
    expect(app.body.data!.settings.applicationSecure).toMatchObject({
      regionMode: 'allow',
      countries: ['CN', 'HK'],
      regionAllowUnknown: false,
    });
    const net = await save('networkSecure', { maxHeaderSize: 8192 });
    expect(net.body.code, net.body.msg).toBe(1);
    expect(net.body.data!.settings.networkSecure.maxHeaderSize).toBe(8192);
  });
});

describe('the WAF country target', () => {
  it('refuses a bad code and an operator other than equals/in, naming the field', async () => {
    const refused = async (condition: object, msg: string) => {
      const answer = await call(WAF_PATHS.save, {
        siteId: site.id,
        action: 'intercept',
        conditions: [condition],
      });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.msg).toBe(msg);
    };
    await refused(
      { target: 'country', operator: 'in', value: 'US|USA' },
      'A country is a two-letter code (such as CN or US); several are separated by |',
    );
    await refused(
      { target: 'country', operator: 'regex', value: 'US' },
      'A country condition compares with "equals" or "in list" only',
    );
  });

  it('the test box looks the sample address up as the edges do, and says which country it used', async () => {
    const saved = await call(WAF_PATHS.save, {
      siteId: site.id,
      action: 'intercept',
      conditions: [{ target: 'country', operator: 'in', value: 'us|CA' }],
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const test = async (clientIp: string) =>
      (await call<WafTestResult>(WAF_PATHS.test, { siteId: site.id, url: '/', clientIp })).body.data!;
    expect(await test('8.8.8.8')).toMatchObject({ country: 'US', outcome: { pass: false, status: 403 } });
    expect(await test('114.114.114.114')).toMatchObject({ country: 'CN', outcome: { pass: true } });
    expect(await test('2001:db8::1')).toMatchObject({ country: null, outcome: { pass: true } });
  });
});

describe('the country table on the edge API', () => {
  it('answers its hash and the table to a node token, and nothing without one', async () => {
    const meta = await edgeGet(EDGE_PATHS.geo);
    const geo = ((await meta.json()) as { code: number; data: EdgeGeo }).data;
    expect(geo.entries).toBeGreaterThan(10_000);
    expect(geo.bytes).toBe(geo.entries * GEO_ENTRY_BYTES);
    const table = await edgeGet(EDGE_PATHS.geoTable);
    expect(table.status).toBe(200);
    expect(table.headers.get('content-type')).toBe('application/octet-stream');
    const bytes = Buffer.from(await table.arrayBuffer());
    expect(bytes.length).toBe(geo.bytes);
    expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(geo.hash);
    expect(table.headers.get('x-nimbus-geo-hash')).toBe(geo.hash);
    expect(geoLookup(bytes, '8.8.8.8')).toBe('US');

    for (const token of ['', 'edge_not_a_token'])
      for (const endpoint of [EDGE_PATHS.geo, EDGE_PATHS.geoTable]) {
        const refused = await edgeGet(endpoint, token);
        const body = await refused.text();
        expect(body, endpoint).not.toContain('"hash"');
        expect(body.length, endpoint).toBeLessThan(1000);
      }
    // The customer's session is not a node token.
    const asCustomer = await fetch(`${server.baseUrl}/api/${EDGE_PATHS.geoTable}`, {
      headers: { token: customer },
    });
    expect((await asCustomer.text()).length).toBeLessThan(1000);
  });
});
