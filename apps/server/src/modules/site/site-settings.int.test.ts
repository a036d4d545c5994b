import type {
  Page,
  Site,
  SiteConfigVersion,
  SiteConfigVersionDetail,
  SiteSettingsView,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { edgeGroups } from '../edge/edge.schema';

/** The domain-admin page's API: a section per tab, spec §5 rules with their messages, history, rollback. */
let server: TestServer;
let customer: string;
let other: string;
let site: Site;

const save = (section: string, value: object, token = customer, lang: 'cn' | 'en' = 'en') =>
  server.call<SiteSettingsView>('POST', 'app/site/domain/settings/save', {
    token,
    lang,
    body: { id: site.id, section, value },
  });
const history = async () =>
  (
    await server.call<Page<SiteConfigVersion>>('POST', 'app/site/domain/history', {
      token: customer,
      body: { id: site.id },
    })
  ).body.data!;
const revision = async () =>
  (await server.database.db.select().from(edgeGroups).where(eq(edgeGroups.id, 1)))[0]?.revision ?? 0;

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins(['127.0.0.0/8']);
  const admin = await server.login('admin');
  customer = await server.login('customer');
  await server.database.db
    .insert(customers)
    .values({ username: 'settings-other', passwordHash: await hashPassword('other-pass-1') });
  other = await server.login('customer', { username: 'settings-other', password: 'other-pass-1' });
  await server.call('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Default', isDefault: true },
  });
  const created = await server.call<Site>('POST', 'app/site/domain/create', {
    token: customer,
    body: { domain: 'settings.site.test', origins: [{ address: '127.0.0.1', httpPort: 8080 }] },
  });
  expect(created.body.code, created.body.msg).toBe(1);
  site = created.body.data!;
});
afterAll(async () => {
  await server?.close();
});

describe('site settings', () => {
  it('reads every section with its defaults before anything is saved', async () => {
    const view = await server.call<SiteSettingsView>('GET', 'app/site/domain/settings', {
      token: customer,
      query: { id: site.id },
    });
    expect(view.body.data!.settings.backsource).toMatchObject({
      connectTimeout: 30,
      retries: 0,
      hostMode: 'visitor',
    });
    expect(view.body.data!.settings.performance).toMatchObject({
      cacheRules: [],
      queryKey: 'keep',
      gzip: true,
    });
    expect(view.body.data!.version).toBe(1);
  });

  it('saves one section, leaves the others, raises the group revision and records a version', async () => {
    const before = await revision();
    const rules = [{ kind: 'ext', match: 'jpg|png', ttl: 86400 }];
    const saved = await save('performance', {
      cacheRules: rules,
      noCacheRules: [{ kind: 'dir', match: '/api/' }],
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(saved.body.msg).toContain('Saved');
    await save('backsource', {
      connectTimeout: 10,
      requestHeaders: [{ name: 'X-From-Edge', content: 'yes' }],
    });
    const view = (
      await server.call<SiteSettingsView>('GET', 'app/site/domain/settings', {
        token: customer,
        query: { id: site.id },
      })
    ).body.data!;
    expect(view.settings.performance.cacheRules).toEqual(rules);
    expect(view.settings.backsource.connectTimeout).toBe(10);
    expect(view.settings.backsource.requestHeaders[0]).toMatchObject({ action: 'set', name: 'X-From-Edge' });
    expect(await revision()).toBeGreaterThan(before);
    const versions = await history();
    expect(versions.list.map((v) => v.change).slice(0, 3)).toEqual(['backsource', 'performance', 'create']);
    expect(versions.list[0]).toMatchObject({ actor: 'demo', version: 3 });
  });

  it.each([
    ['backsource', { connectTimeout: 301 }, 'Origin connect timeout must be 1-300 seconds'],
    ['backsource', { requestHeaders: [{ name: 'X Bad', content: 'a' }] }, 'only digits, letters, - and _'],
    ['backsource', { requestHeaders: [{ name: 'X-Ok', content: '中文' }] }, 'without Chinese'],
    ['backsource', { requestHeaders: [{ name: 'Host', content: 'a' }] }, 'The edge manages this header'],
    ['backsource', { retries: 21 }, 'Retries must be 0-20 (0 means unlimited)'],
    ['code', { statusRewrites: [{ from: 404, to: 700 }] }, 'Returned status'],
    ['backsource', { hostMode: 'custom', originHost: 'bad host' }, 'origin Host must be a domain name'],
    [
      'performance',
      { cacheRules: [{ kind: 'all', match: '', ttl: 31536001 }] },
      'between 0 seconds and one year',
    ],
    [
      'performance',
      { cacheRules: [{ kind: 'regex', match: '(?<=a)b', ttl: 60 }] },
      'syntax the edges support',
    ],
    [
      'performance',
      { cacheRules: [{ kind: 'dir', match: '/img', ttl: 60 }] },
      'a directory starts and ends with /',
    ],
    ['performance', { noCacheRules: Array.from({ length: 201 }, () => ({ kind: 'all' })) }, 'at most 200'],
    ['code', { errorPages: [{ status: 404, kind: 'redirect', url: 'javascript:alert(1)' }] }, 'Redirect URL'],
    [
      'code',
      {
        errorPages: [
          { status: 404, html: '<p>a</p>' },
          { status: 404, html: '<p>b</p>' },
        ],
      },
      'cannot repeat',
    ],
    [
      'applicationSecure',
      { ipDeny: '1.2.3.4\n1.2.3.999' },
      'IP deny list, line 2: IP format error (IPv4, IPv6 or CIDR): 1.2.3.999',
    ],
    ['applicationSecure', { ipAllow: ['::1', '0::1'] }, 'IP allow list, line 2: repeated IP: 0::1'],
    [
      'applicationSecure',
      { refererMode: 'deny', referers: 'a.example.com;' },
      'Referer domains, line 1: domain format error',
    ],
    [
      'applicationSecure',
      { uaMode: 'deny', userAgents: 'bot\n爬虫' },
      'User-Agent list, line 2: a User-Agent entry must be',
    ],
    ['applicationSecure', { refererMode: 'allow' }, 'Referer domains: list at least one entry'],
    [
      'networkSecure',
      { connLimitPerIp: 10_001 },
      'Connections per client IP must be 0 (no limit) or 1-10000',
    ],
    ['networkSecure', { maxUrlLength: 100 }, 'Maximum URL length must be 0 (no limit) or 256-65535 bytes'],
    ['networkSecure', { allowedMethods: [] }, 'Allow at least one request method'],
    [
      'networkSecure',
      { bodyTimeout: 4000 },
      "Request body timeout must be 0 (nginx's default) or 1-3600 seconds",
    ],
    ['contentSecure', { enabled: true, primaryKey: 'a"; }' }, 'Primary key must be 6–32 letters or digits'],
    ['contentSecure', { tokenIn: 'header', headerName: 'Host' }, 'Token header must be 1–64 letters'],
    ['businessSecure', { rateLimits: [{ path: 'api', rate: 1 }] }, 'A path starts with /'],
    [
      'businessSecure',
      { rateLimits: [{ path: '/', rate: 0 }] },
      'Rate must be a whole number from 1 to 100000',
    ],
    [
      'businessSecure',
      { rateLimits: [{ path: '/', rate: 1, action: 'ban' }] },
      'The ban lasts 1-86400 seconds',
    ],
    ['businessSecure', { ccLevel: 'panic' }, 'CC protection level'],
  ])('refuses a bad %s value with a message naming it, writing nothing', async (section, value, message) => {
    const versions = (await history()).totalCount;
    const answer = await save(section, value);
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toContain(message);
    expect((await history()).totalCount).toBe(versions);
  });

  it('answers in Chinese for a Chinese console', async () => {
    const answer = await save('backsource', { connectTimeout: 0 }, customer, 'cn');
    expect(answer.body.msg).toBe('回源连接超时须在 1-300 秒之间');
  });

  it('answers 404 for another customer’s site, its history and its versions', async () => {
    expect((await save('code', {}, other)).body.code).toBe(404);
    const versions = await history();
    const detail = await server.call('GET', 'app/site/domain/history/info', {
      token: other,
      query: { id: site.id, versionId: versions.list[0]!.id },
    });
    expect(detail.body.code).toBe(404);
    const rollback = await server.call('POST', 'app/site/domain/history/rollback', {
      token: other,
      body: { id: site.id, versionId: versions.list[0]!.id },
    });
    expect(rollback.body.code).toBe(404);
  });

  it('shows a version with the one before it: settings and rendered nginx, for the diff', async () => {
    const versions = await history();
    const latest = versions.list[0]!;
    const detail = (
      await server.call<SiteConfigVersionDetail>('GET', 'app/site/domain/history/info', {
        token: customer,
        query: { id: site.id, versionId: latest.id },
      })
    ).body.data!;
    expect(detail.nginx).toContain(`# site ${site.id} settings.site.test`);
    expect(detail.previousNginx).toContain(`# site ${site.id}`);
    expect(
      (detail.snapshot.settings as { backsource: { connectTimeout: number } }).backsource.connectTimeout,
    ).toBe(10);
    expect(
      (detail.previousSnapshot!.settings as { backsource: { connectTimeout: number } }).backsource
        .connectTimeout,
    ).toBe(30);
  });

  it('rolls back to an earlier version as a new version, restoring its settings', async () => {
    const versions = await history();
    const created = versions.list.find((v) => v.change === 'create')!;
    const answer = await server.call<SiteSettingsView>('POST', 'app/site/domain/history/rollback', {
      token: customer,
      body: { id: site.id, versionId: created.id },
    });
    expect(answer.body.code, answer.body.msg).toBe(1);
    expect(answer.body.data!.settings.performance.cacheRules).toEqual([]);
    expect(answer.body.data!.settings.backsource.connectTimeout).toBe(30);
    const after = await history();
    expect(after.totalCount).toBe(versions.totalCount + 1);
    expect(after.list[0]).toMatchObject({ change: 'rollback', restoredVersion: created.version });
  });

  it('saves the security sections as typed and renders them into the site’s nginx', async () => {
    const app = await save('applicationSecure', {
      ipDeny: '10.0.0.9\n2001:db8::/32',
      uaMode: 'deny',
      userAgents: 'sqlmap',
    });
    expect(app.body.code, app.body.msg).toBe(1);
    expect(app.body.data!.settings.applicationSecure.ipDeny).toEqual(['10.0.0.9', '2001:db8::/32']);
    const net = await save('networkSecure', { allowedMethods: ['GET'], connLimitPerIp: 8 });
    expect(net.body.data!.settings.networkSecure.allowedMethods).toEqual(['GET', 'HEAD']);
    const versions = await history();
    expect(versions.list.map((v) => v.change).slice(0, 2)).toEqual(['networkSecure', 'applicationSecure']);
    const detail = (
      await server.call<SiteConfigVersionDetail>('GET', 'app/site/domain/history/info', {
        token: customer,
        query: { id: site.id, versionId: versions.list[0]!.id },
      })
    ).body.data!;
    for (const line of [
      'deny 10.0.0.9;',
      'if ($http_user_agent ~* "sqlmap")',
      'limit_conn nimbus_conn_per_ip 8;',
      'if ($request_method !~ "^(GET|HEAD)$")',
    ])
      expect(detail.nginx).toContain(line);
  });

  it('saves the business-secure section into the site’s server block, customer text hex-encoded', async () => {
    const saved = await save('businessSecure', {
      ccLevel: 'attack',
      rateLimits: [{ path: '/Login"', rate: 5, unit: 'minute' }],
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const versions = await history();
    expect(versions.list[0]!.change).toBe('businessSecure');
    const detail = (
      await server.call<SiteConfigVersionDetail>('GET', 'app/site/domain/history/info', {
        token: customer,
        query: { id: site.id, versionId: versions.list[0]!.id },
      })
    ).body.data!;
    const hex = Buffer.from('/login"').toString('hex');
    expect(detail.nginx).toContain(
      `set $nimbus_guard "cc,attack,sensorless:rl,prefix,5,60,0,reject,0,${hex}";`,
    );
  });
});
