import type { ForceRedirect, Page, RewriteRule, RewriteRuleInput } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waiveOwnershipProof, type ApiAnswer, type TestServer } from '../../../test/harness';
import { makeCertificate } from '../../../test/support/openssl';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { edgeGroups } from '../edge/edge.schema';
import { groupContent } from '../edge/publish.service';
import { sites } from '../site/site.schema';
import { siteRewrites } from './site-redirect.schema';

let server: TestServer;
let admin: string;
let customer: string;
let other: string;
let groupId: number;
const site: Record<'a' | 'b' | 'tls' | 'foreign', number> = { a: 0, b: 0, tls: 0, foreign: 0 };
const origins = [{ address: 'origin.example.com', httpPort: 8080 }];

const db = () => server.database.db;
const post = <T>(path: string, body: unknown, token = customer, lang: 'cn' | 'en' = 'en') =>
  server.call<T>('POST', path, { token, body, lang });
const saveRule = (body: Partial<RewriteRuleInput>, token = customer, lang: 'cn' | 'en' = 'en') =>
  post<RewriteRule>('app/site/rewrite/save', body, token, lang);
const listRules = async (body: object = {}, token = customer) =>
  (await post<Page<RewriteRule>>('app/site/rewrite/list', body, token)).body.data!;
const sourcesOf = async (siteId: number) =>
  (await listRules({ siteId, limit: 200 })).list.map((r) => [r.position, r.source]);
const saveForce = (body: object, token = customer, lang: 'cn' | 'en' = 'en') =>
  post<ForceRedirect>('app/site/force/save', body, token, lang);
const setCustom = (value: Record<string, number>) =>
  post(
    'sys/config/web/save',
    { section: 'custom', value: { verify: 1, 'access-token': 1, ...value } },
    admin,
  );
const groupRevision = async () =>
  (await db().select().from(edgeGroups).where(eq(edgeGroups.id, groupId)))[0]!.revision;
const siteRevision = async (id: number) =>
  (await db().select().from(sites).where(eq(sites.id, id)))[0]!.revision;
const expectRefusal = (answer: ApiAnswer, code: number, msg: string) =>
  expect(answer.body).toMatchObject({ code, msg });

async function createSite(token: string, domain: string, extra: object = {}) {
  const answer = await post<{ id: number }>('app/site/domain/create', { domain, origins, ...extra }, token);
  expect(answer.body.code).toBe(1);
  return answer.body.data!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  customer = await server.login('customer');
  await db()
    .insert(customers)
    .values({ username: 'redirect-other', passwordHash: await hashPassword('other-pass-1') });
  await waiveOwnershipProof(server, 'redirect-other');
  other = await server.login('customer', { username: 'redirect-other', password: 'other-pass-1' });
  await post('sys/edge/group/save', { name: 'Default', isDefault: true }, admin);
  groupId = (await db().select().from(edgeGroups))[0]!.id;
  site.a = await createSite(customer, 'a.redirect.test');
  site.b = await createSite(customer, 'b.redirect.test');
  const cert = makeCertificate(['tls.redirect.test']);
  const uploaded = await post<{ id: number }>('app/site/certificate/upload', {
    certPem: cert.certPem,
    keyPem: cert.keyPem,
  });
  site.tls = await createSite(customer, 'tls.redirect.test', {
    httpsEnabled: true,
    certificateId: uploaded.body.data!.id,
  });
  site.foreign = await createSite(other, 'foreign.redirect.test');
});
afterAll(async () => {
  await server?.close();
});

describe('URL forwarding', () => {
  it('adds rules at the end of their site, lists them in order with the site and its applied state', async () => {
    const before = await groupRevision();
    const first = await saveRule({ siteId: site.a, source: '/old', target: 'https://new.example.com/' });
    expect(first.body).toMatchObject({ code: 1, msg: 'Saved successfully' });
    expect(first.body.data).toMatchObject({
      siteId: site.a,
      domain: 'a.redirect.test',
      position: 1,
      match: 'prefix',
      status: 301,
      keepQuery: true,
      enabled: true,
      config: { total: 0, applied: 0, pending: 0, failed: 0, failures: [] },
    });
    // The save took the group's next revision and stamped the site with it: a publish is queued
    // and the site reads "pending" on its nodes until they apply it.
    expect(await groupRevision()).toBe(before + 1);
    expect(await siteRevision(site.a)).toBe(before + 1);

    await saveRule({ siteId: site.a, match: 'exact', source: '/exact', target: '/elsewhere', status: 302 });
    await saveRule({
      siteId: site.a,
      match: 'regex',
      source: '^/items/(\\d+)$',
      target: 'https://shop.example.com/item/$1',
      status: 308,
      keepQuery: false,
    });
    await saveRule({ siteId: site.b, source: '/b-only', target: '/b-new', remark: 'on b' });
    expect(await sourcesOf(site.a)).toEqual([
      [1, '/old'],
      [2, '/exact'],
      [3, '^/items/(\\d+)$'],
    ]);
    const all = await listRules();
    expect(all.totalCount).toBe(4);
    // Newest site first by default, each site's rules in their order.
    expect(all.list.map((r) => r.domain)).toEqual([
      'b.redirect.test',
      'a.redirect.test',
      'a.redirect.test',
      'a.redirect.test',
    ]);
  });

  it('searches the domain, source and target, and pages', async () => {
    expect((await listRules({ keyword: 'B.REDIRECT' })).list.map((r) => r.source)).toEqual(['/b-only']);
    expect((await listRules({ keyword: 'shop.example' })).list.map((r) => r.position)).toEqual([3]);
    expect((await listRules({ keyword: '%' })).totalCount).toBe(0);
    const second = await listRules({ siteId: site.a, page: 2, limit: 2 });
    expect(second).toMatchObject({ totalCount: 3, currPage: 2, pageSize: 2 });
    expect(second.list.map((r) => r.source)).toEqual(['^/items/(\\d+)$']);
    expect(await listRules({ siteId: site.a, page: 9, limit: 2 })).toMatchObject({ list: [], totalCount: 3 });
  });

  it('edits a rule in place, keeping its position', async () => {
    const [rule] = (await listRules({ siteId: site.a })).list.filter((r) => r.source === '/exact');
    const edited = await saveRule({
      id: rule!.id,
      siteId: site.a,
      match: 'exact',
      source: '/exact',
      target: '/changed',
      status: 307,
    });
    expect(edited.body.data).toMatchObject({ id: rule!.id, position: 2, target: '/changed', status: 307 });
  });

  it('moves a rule within its site; the others keep their order', async () => {
    const rules = (await listRules({ siteId: site.a, order: 'asc' })).list;
    const regex = rules.find((r) => r.match === 'regex')!;
    const before = await groupRevision();
    const moved = await post<{ changed: number }>('app/site/rewrite/move', { id: regex.id, position: 1 });
    expect(moved.body.data).toEqual({ changed: 1 });
    expect(await groupRevision()).toBe(before + 1);
    expect((await sourcesOf(site.a)).map(([, s]) => s)).toEqual(['^/items/(\\d+)$', '/old', '/exact']);
    // Past the end: last.
    await post('app/site/rewrite/move', { id: regex.id, position: 99 });
    expect((await sourcesOf(site.a)).map(([, s]) => s)).toEqual(['/old', '/exact', '^/items/(\\d+)$']);
    // Where it is already: nothing changes, nothing is published.
    const still = await post<{ changed: number }>('app/site/rewrite/move', { id: regex.id, position: 3 });
    expect(still.body.data).toEqual({ changed: 0 });
    expect(await groupRevision()).toBe(before + 2);
  });

  it('moves a rule to another site at its end, closing the gap it left', async () => {
    const old = (await listRules({ siteId: site.a })).list.find((r) => r.source === '/old')!;
    const moved = await saveRule({ ...old, siteId: site.b, id: old.id });
    expect(moved.body.data).toMatchObject({ siteId: site.b, position: 2 });
    expect(await sourcesOf(site.a)).toEqual([
      [1, '/exact'],
      [2, '^/items/(\\d+)$'],
    ]);
    await saveRule({ ...old, siteId: site.a, id: old.id });
    expect((await sourcesOf(site.a)).map(([p]) => p)).toEqual([1, 2, 3]);
  });

  it('deletes rules and renumbers what is left', async () => {
    const extra = await saveRule({ siteId: site.a, source: '/gone', target: '/x' });
    const exact = (await listRules({ siteId: site.a })).list.find((r) => r.source === '/exact')!;
    const before = await groupRevision();
    const deleted = await post<{ changed: number }>('app/site/rewrite/delete', {
      ids: [exact.id, extra.body.data!.id],
    });
    expect(deleted.body).toMatchObject({ code: 1, data: { changed: 2 } });
    expect(await groupRevision()).toBe(before + 1);
    expect(await sourcesOf(site.a)).toEqual([
      [1, '^/items/(\\d+)$'],
      [2, '/old'],
    ]);
  });

  it('refuses the same match and source twice on a site, and more than 100 rules per site', async () => {
    expectRefusal(
      await saveRule({ siteId: site.a, source: '/old', target: '/other' }),
      409,
      'The site a.redirect.test already has a rule with the same match and source: the second would never apply',
    );
    const customerId = (await customerIdOf('demo'))!;
    await db()
      .insert(siteRewrites)
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          customerId,
          siteId: site.b,
          position: i + 2,
          match: 'exact' as const,
          source: `/filler-${i}`,
          target: '/x',
          status: 301,
          keepQuery: true,
        })),
      );
    const refused = await saveRule({ siteId: site.b, source: '/one-more', target: '/x' }, customer, 'cn');
    expectRefusal(refused, 400, '每个站点最多 100 条转发规则，请先删除不再需要的规则');
    // Editing one of the 100 still works: it takes no new place.
    const last = (await listRules({ siteId: site.b, limit: 200 })).list.at(-1)!;
    expect((await saveRule({ ...last, id: last.id, target: '/y' })).body.code).toBe(1);
  });

  it.each([
    [
      { source: 'old', target: '/x' },
      'The source path must start with /; a regex must use syntax the edges support',
    ],
    [
      { match: 'regex', source: '(?{code})', target: '/x' },
      'The source path must start with /; a regex must use syntax the edges support',
    ],
    [
      { source: '/x', target: 'ftp://example.com/' },
      'The target must be a URL starting with http(s):// or a path starting with / ($1-$9 in regex rules)',
    ],
    [
      { source: '/x', target: '/items/$1' },
      'The target must be a URL starting with http(s):// or a path starting with / ($1-$9 in regex rules)',
    ],
    [{ source: '/x', target: '/y', status: 303 }, 'The status must be 301, 302, 307 or 308'],
    [{ source: '/x', target: '' }, 'Target cannot be empty'],
    [{ source: '', target: '/y' }, 'Source cannot be empty'],
    [{ source: '/x', target: '/y', match: 'glob' }, 'Match is invalid'],
    [{ source: '/x', target: '/y', remark: 'r'.repeat(256) }, 'Remark must be at most 255 characters'],
  ])('refuses %j with its message, writing nothing', async (body, msg) => {
    const before = await groupRevision();
    expectRefusal(await saveRule({ siteId: site.a, ...body } as Partial<RewriteRuleInput>), 400, msg);
    expect(await groupRevision()).toBe(before);
  });

  it('names the field in Chinese too, and asks for the site', async () => {
    expectRefusal(
      await saveRule({ siteId: site.a, source: '/x', target: '' }, customer, 'cn'),
      400,
      '目标地址不能为空',
    );
    expectRefusal(await saveRule({ source: '/x', target: '/y' }, customer, 'cn'), 400, '站点不能为空');
    expectRefusal(
      await post('app/site/rewrite/move', { id: 1, position: 0 }, customer, 'cn'),
      400,
      '顺序不能小于 1',
    );
  });

  it('answers 404 for another customer’s site or rule, and never lists them', async () => {
    const mine = (await listRules({ siteId: site.a })).list[0]!;
    expectRefusal(
      await saveRule({ siteId: site.foreign, source: '/x', target: '/y' }),
      404,
      'Resource not found',
    );
    expectRefusal(
      await saveRule({ ...mine, id: mine.id, target: '/stolen' }, other),
      404,
      'Resource not found',
    );
    expectRefusal(
      await post('app/site/rewrite/delete', { ids: [mine.id] }, other),
      404,
      'Resource not found',
    );
    expectRefusal(
      await post('app/site/rewrite/move', { id: mine.id, position: 2 }, other),
      404,
      'Resource not found',
    );
    expect((await listRules({ siteId: site.a }, other)).totalCount).toBe(0);
    expect((await listRules({ siteId: site.a })).list[0]!.target).toBe(mine.target);
  });
});

async function customerIdOf(username: string) {
  return (await db().select().from(customers).where(eq(customers.username, username)))[0]?.id;
}

describe('forced redirect', () => {
  it('refuses every entry while the admin has given the customer none', async () => {
    expectRefusal(
      await saveForce({ siteId: site.tls, kind: 'https' }),
      403,
      'You may have at most 0 forced redirects and have used them all: the platform administrator can raise the limit',
    );
  });

  it('redirects to HTTPS only on a site that serves HTTPS, and never to its own domain', async () => {
    const raised = await post(
      'sys/account/user/update',
      { userId: await customerIdOf('demo'), maxForceUrl: 2 },
      admin,
    );
    expect(raised.body.code).toBe(1);
    expectRefusal(
      await saveForce({ siteId: site.a, kind: 'https' }, customer, 'cn'),
      400,
      '站点 a.redirect.test 未提供 HTTPS：请先在站点设置中开启 HTTPS 并选择证书，再跳转到 HTTPS',
    );
    expectRefusal(
      await saveForce({ siteId: site.a, kind: 'host', targetHost: 'A.redirect.test' }),
      400,
      'The target host cannot be the site’s own domain (visitors would loop)',
    );
    expectRefusal(
      await saveForce({ siteId: site.a, kind: 'host', targetHost: 'not a host' }),
      400,
      'Target host: Domain format error',
    );
    expectRefusal(await saveForce({ siteId: site.a, kind: 'ftp' }), 400, 'Redirect kind is invalid');
    expectRefusal(
      await saveForce(
        { siteId: site.a, kind: 'host', targetHost: 'www.example.com', status: 200 },
        customer,
        'cn',
      ),
      400,
      '状态码须为 301、302、307 或 308',
    );
  });

  it('keeps one per site, within the customer’s quota, each save republishing the group', async () => {
    const before = await groupRevision();
    const https = await saveForce({ siteId: site.tls, kind: 'https', targetHost: 'ignored.example.com' });
    expect(https.body.data).toMatchObject({
      siteId: site.tls,
      domain: 'tls.redirect.test',
      kind: 'https',
      targetHost: '',
      status: 301,
      enabled: true,
    });
    expect(await groupRevision()).toBe(before + 1);
    expect(await siteRevision(site.tls)).toBe(before + 1);
    expectRefusal(
      await saveForce({ siteId: site.tls, kind: 'host', targetHost: 'www.example.com' }),
      409,
      'The site tls.redirect.test already has a forced redirect: edit that one instead',
    );
    const host = await saveForce({
      siteId: site.a,
      kind: 'host',
      targetHost: 'www.example.com',
      status: 302,
    });
    expect(host.body.code).toBe(1);
    expectRefusal(
      await saveForce({ siteId: site.b, kind: 'host', targetHost: 'www.example.com' }),
      403,
      'You may have at most 2 forced redirects and have used them all: the platform administrator can raise the limit',
    );
    // Editing takes no new place.
    const edited = await saveForce({
      id: host.body.data!.id,
      siteId: site.a,
      kind: 'host',
      targetHost: 'm.example.com',
    });
    expect(edited.body.data).toMatchObject({ targetHost: 'm.example.com', status: 301 });
    const page = (await post<Page<ForceRedirect> & { quota: object }>('app/site/force/list', {})).body.data!;
    expect(page.quota).toEqual({ max: 2, used: 2 });
    expect(page.list.map((f) => f.domain)).toEqual(['a.redirect.test', 'tls.redirect.test']);
    const found = (await post<Page<ForceRedirect>>('app/site/force/list', { keyword: 'm.example' })).body
      .data!;
    expect(found.list.map((f) => f.siteId)).toEqual([site.a]);
  });

  it('answers 404 for another customer’s site or entry', async () => {
    const [entry] = (await post<Page<ForceRedirect>>('app/site/force/list', {})).body.data!.list;
    expectRefusal(
      await saveForce({ siteId: site.foreign, kind: 'host', targetHost: 'x.example.com' }),
      404,
      'Resource not found',
    );
    expectRefusal(
      await saveForce(
        { id: entry!.id, siteId: site.foreign, kind: 'host', targetHost: 'x.example.com' },
        other,
      ),
      404,
      'Resource not found',
    );
    expectRefusal(
      await post('app/site/force/delete', { ids: [entry!.id] }, other),
      404,
      'Resource not found',
    );
    expect((await post<Page<ForceRedirect>>('app/site/force/list', {}, other)).body.data!.totalCount).toBe(0);
  });
});

describe('publishing', () => {
  it('hands the compiler each served site’s enabled rules in order and its forced redirect', async () => {
    const disabled = await saveRule({ siteId: site.a, source: '/off', target: '/y', enabled: false });
    expect(disabled.body.code).toBe(1);
    const content = await db().transaction((tx) => groupContent(tx, groupId));
    const byDomain = new Map(content.sites.map((s) => [s.domain, s]));
    expect(byDomain.get('a.redirect.test')!.rewrites.map((r) => r.source)).toEqual([
      '^/items/(\\d+)$',
      '/old',
    ]);
    expect(byDomain.get('a.redirect.test')!.rewrites[0]).toEqual({
      match: 'regex',
      source: '^/items/(\\d+)$',
      target: 'https://shop.example.com/item/$1',
      status: 308,
      keepQuery: false,
      enabled: true,
      remark: '',
    });
    expect(byDomain.get('a.redirect.test')!.forceRedirect).toEqual({
      kind: 'host',
      targetHost: 'm.example.com',
      status: 301,
    });
    expect(byDomain.get('tls.redirect.test')!.forceRedirect).toEqual({
      kind: 'https',
      targetHost: '',
      status: 301,
    });
    expect(byDomain.get('foreign.redirect.test')).toMatchObject({ rewrites: [], forceRedirect: null });
    // A site no longer served over HTTPS must not send visitors to HTTPS.
    await db().update(sites).set({ httpsEnabled: false }).where(eq(sites.id, site.tls));
    const after = await db().transaction((tx) => groupContent(tx, groupId));
    expect(after.sites.find((s) => s.id === site.tls)!.forceRedirect).toBeNull();
    await db().update(sites).set({ httpsEnabled: true }).where(eq(sites.id, site.tls));
  });

  it('deletes a forced redirect, freeing its place', async () => {
    const page = (await post<Page<ForceRedirect>>('app/site/force/list', {})).body.data!;
    const deleted = await post('app/site/force/delete', { ids: [page.list[0]!.id] });
    expect(deleted.body).toMatchObject({ code: 1, data: { changed: 1 } });
    const quota = (await post<{ quota: object }>('app/site/force/list', {})).body.data!.quota;
    expect(quota).toEqual({ max: 2, used: 1 });
  });
});

describe('feature gates', () => {
  it('refuses forwarding while the platform’s custom flag is off, and while the customer’s modules hide it', async () => {
    await setCustom({ rewrite: 0, force: 1 });
    expectRefusal(
      await post('app/site/rewrite/list', {}),
      403,
      'URL forwarding is not available on your account: ask the platform administrator to turn it on',
    );
    expectRefusal(
      await saveRule({ siteId: site.a, source: '/x', target: '/y' }, customer, 'cn'),
      403,
      'URL 转发功能未开放，请联系平台管理员开通',
    );
    expect((await post('app/site/force/list', {})).body.code).toBe(1);
    await setCustom({ rewrite: 1, force: 0 });
    expectRefusal(
      await post('app/site/force/delete', { ids: [1] }),
      403,
      'Forced redirect is not available on your account: ask the platform administrator to turn it on',
    );
    await setCustom({ rewrite: 1, force: 1 });
    const demo = await customerIdOf('demo');
    await post('sys/account/user/update', { userId: demo, unvalidModel: ['/cdn/site/rewrite'] }, admin);
    expect((await post('app/site/rewrite/list', {})).body.code).toBe(403);
    expect((await post('app/site/force/list', {})).body.code).toBe(1);
    await post('sys/account/user/update', { userId: demo, unvalidModel: [] }, admin);
    expect((await post('app/site/rewrite/list', {})).body.code).toBe(1);
  });
});
