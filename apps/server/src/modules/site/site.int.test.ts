import type { CnameCheck, Page, Site, SiteGroup } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { makeCertificate } from '../../../test/support/openssl';
import { startMockDns, type MockDns } from '../../../test/support/pebble';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { edgeNodes } from '../edge/edge.schema';
import { sites } from './site.schema';

let server: TestServer;
let dns: MockDns;
let admin: string;
let customer: string;
let other: string;
const origins = [{ address: 'origin.example.com', httpPort: 8080 }];

const list = async (body: object = {}, token = customer) =>
  (await server.call<Page<Site>>('POST', 'app/site/domain/list', { token, body })).body.data!;

beforeAll(async () => {
  dns = await startMockDns('192.0.2.1');
  server = await startTestServer({ env: { NIMBUS_DNS_RESOLVERS: `127.0.0.1:${dns.port}` } });
  // The mock DNS answers every name with a documentation address; the forwarding test uses loopback.
  await server.allowOrigins(['127.0.0.0/8', '192.0.2.0/24']);
  admin = await server.login('admin');
  customer = await server.login('customer');
  await server.database.db
    .insert(customers)
    .values({ username: 'site-other', passwordHash: await hashPassword('other-pass-1') });
  other = await server.login('customer', { username: 'site-other', password: 'other-pass-1' });
});
afterAll(async () => {
  await server?.close();
  await dns?.stop();
});

describe('sites', () => {
  it('refuses a site while the platform has no node group, saying what to do', async () => {
    const answer = await server.call('POST', 'app/site/domain/create', {
      token: customer,
      lang: 'en',
      body: { domain: 'early.site.test', origins },
    });
    expect(answer.body).toMatchObject({ code: 400, msg: expect.stringContaining('no node group') });
  });

  it('names the field of a bad origin in the user’s language', async () => {
    await server.call('POST', 'sys/edge/group/save', {
      token: admin,
      body: { name: 'Default', isDefault: true },
    });
    const answer = await server.call('POST', 'app/site/domain/create', {
      token: customer,
      lang: 'cn',
      body: { domain: 'a.site.test', origins: [{ address: 'not an address' }] },
    });
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toContain('源站地址须为 IPv4、IPv6 或域名');
  });

  it('adds many domains all or nothing, naming the line of one taken already', async () => {
    const created = await server.call<{ created: number }>('POST', 'app/site/domain/bulk', {
      token: customer,
      body: { domains: 'one.site.test\ntwo.site.test\n*.wild.site.test', origins },
    });
    expect(created.body.data).toEqual({ created: 3 });
    const refused = await server.call('POST', 'app/site/domain/bulk', {
      token: other,
      lang: 'en',
      body: { domains: 'three.site.test\ntwo.site.test', origins },
    });
    expect(refused.body).toMatchObject({
      code: 409,
      msg: 'Line 2: the domain two.site.test is on the platform already',
    });
    expect((await list({}, other)).totalCount).toBe(0);
    const duplicate = await server.call('POST', 'app/site/domain/bulk', {
      token: customer,
      lang: 'en',
      body: { domains: 'x.site.test\nx.site.test', origins },
    });
    expect(duplicate.body.msg).toContain('x.site.test');
  });

  it('searches, filters by state and sorts', async () => {
    expect((await list({ keyword: 'ONE.site' })).list.map((s) => s.domain)).toEqual(['one.site.test']);
    expect((await list({ sidx: 'domain', order: 'asc' })).list.map((s) => s.domain)).toEqual([
      '*.wild.site.test',
      'one.site.test',
      'two.site.test',
    ]);
    // No node yet: nothing is pending on a node, and nothing is applied either.
    expect((await list({ status: 'applied' })).totalCount).toBe(0);
    const [group] = (
      await server.call<{ list: { id: number }[] }>('POST', 'sys/edge/group/list', { token: admin, body: {} })
    ).body.data!.list;
    await server.database.db
      .insert(edgeNodes)
      .values({ name: 'n1', ipv4: '198.51.100.1', groupId: group!.id, tokenHash: 'x' });
    const pending = await list({ status: 'pending' });
    expect(pending.totalCount).toBe(3);
    expect(pending.list[0]!.config).toEqual({ total: 1, applied: 0, pending: 1, failed: 0, failures: [] });
    expect((await list({ status: 'disabled' })).totalCount).toBe(0);
    // A page past the end still tells how many there are.
    expect(await list({ page: 3, limit: 2 })).toMatchObject({ list: [], totalCount: 3 });
  });

  it('refuses a port a forwarding rule uses, or one that serves the other scheme on the nodes', async () => {
    await server.call('POST', 'app/stream/save', {
      token: customer,
      body: { listenPort: 9022, origins: [{ address: '127.0.0.1', port: 22 }] },
    });
    const forwarding = await server.call('POST', 'app/site/domain/create', {
      token: customer,
      lang: 'en',
      body: { domain: 'ports.site.test', origins, httpPorts: [80, 9022] },
    });
    expect(forwarding.body).toMatchObject({
      code: 409,
      msg: 'Port 9022 is used by a layer-4 forwarding rule',
    });

    const cert = makeCertificate(['tls.site.test']);
    const uploaded = await server.call<{ id: number }>('POST', 'app/site/certificate/upload', {
      token: customer,
      body: { certPem: cert.certPem, keyPem: cert.keyPem },
    });
    const https = await server.call('POST', 'app/site/domain/create', {
      token: customer,
      body: {
        domain: 'tls.site.test',
        origins,
        httpsEnabled: true,
        certificateId: uploaded.body.data!.id,
        httpsPorts: [8443],
      },
    });
    expect(https.body.code).toBe(1);
    // Another customer's plain site on 8443 would turn TLS (or vanish) on every node of the group.
    const clash = await server.call('POST', 'app/site/domain/create', {
      token: other,
      lang: 'en',
      body: { domain: 'plain.site.test', origins, httpPorts: [8443] },
    });
    expect(clash.body.msg).toBe(
      'Port 8443 already serves the other scheme (HTTP/HTTPS) on the nodes: choose another port',
    );
    await server.call('POST', 'app/site/domain/status', {
      token: customer,
      body: { ids: [(https.body.data as { id: number }).id], action: 'delete' },
    });
  });

  it('checks the CNAME against the resolver', async () => {
    await server.call('POST', 'sys/config/web/save', {
      token: admin,
      body: { section: 'dns_rewrite', value: { cnameDomain: 'cdn.nimbus.test', dnsAddress: '' } },
    });
    const site = (await list({ keyword: 'one.site' })).list[0]!;
    expect(site.cname).toMatch(/^[a-z2-7]{12}\.cdn\.nimbus\.test$/);
    const before = await server.call<CnameCheck>('POST', 'app/site/domain/cname', {
      token: customer,
      body: { id: site.id },
    });
    expect(before.body.data).toMatchObject({ ok: false, found: ['192.0.2.1'], expected: site.cname });
    await dns.setCname('one.site.test', site.cname);
    const after = await server.call<CnameCheck>('POST', 'app/site/domain/cname', {
      token: customer,
      body: { id: site.id },
    });
    expect(after.body.data).toMatchObject({ ok: true, found: [site.cname] });
  });

  it('keeps customer site groups to their owner', async () => {
    const group = await server.call<SiteGroup>('POST', 'app/site/group/save', {
      token: customer,
      body: { name: 'Shop' },
    });
    const sites = (await list()).list;
    const assigned = await server.call('POST', 'app/site/group/assign', {
      token: customer,
      body: { groupId: group.body.data!.id, siteIds: sites.map((s) => s.id) },
    });
    expect(assigned.body.data).toEqual({ changed: 3 });
    expect((await list({ siteGroupId: group.body.data!.id })).totalCount).toBe(3);
    const groups = await server.call<SiteGroup[]>('POST', 'app/site/group/list', {
      token: customer,
      body: {},
    });
    expect(groups.body.data).toMatchObject([{ name: 'Shop', siteCount: 3 }]);
    // Someone else's group or site: 404, and nothing moved.
    const foreign = await server.call('POST', 'app/site/group/assign', {
      token: other,
      body: { groupId: null, siteIds: [sites[0]!.id] },
    });
    expect(foreign.body.code).toBe(404);
    expect((await list({ siteGroupId: group.body.data!.id })).totalCount).toBe(3);
    const taken = await server.call('POST', 'app/site/group/save', {
      token: customer,
      lang: 'en',
      body: { name: 'Shop' },
    });
    expect(taken.body.msg).toBe('A group with this name exists already');
  });

  it('answers 404 for another customer’s sites in every bulk action, changing nothing', async () => {
    const ids = (await list()).list.map((s) => s.id);
    for (const action of ['enable', 'disable', 'delete'])
      expect(
        (await server.call('POST', 'app/site/domain/status', { token: other, body: { ids, action } })).body
          .code,
      ).toBe(404);
    expect((await list()).totalCount).toBe(3);
    const deleted = await server.call('POST', 'app/site/domain/status', {
      token: customer,
      body: { ids: [ids[0]], action: 'delete' },
    });
    expect(deleted.body.data).toEqual({ changed: 1 });
    expect((await list()).totalCount).toBe(2);
  });

  it('counts a change made elsewhere (another instance, psql) as soon as it is heard', async () => {
    const before = (await list({ status: 'enabled' })).totalCount;
    await server.database.db.update(sites).set({ enabled: false });
    await vi.waitFor(async () => expect((await list({ status: 'disabled' })).totalCount).toBe(before));
    await vi.waitFor(async () => expect((await list({ status: 'enabled' })).totalCount).toBe(0));
  });
});
