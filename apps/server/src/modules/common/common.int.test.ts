import { readFileSync } from 'node:fs';
import { ENUMS, formatDate, WEB_CONFIG_DEFAULTS } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { CHANGELOG_FILE } from './changelog';
import { edgeGroups } from '../edge/edge.schema';
import { messages } from '../message/message.schema';

let server: TestServer;
let customer: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  [customer, admin] = await Promise.all([server.login('customer'), server.login('admin')]);
  await server.database.db.insert(messages).values([
    { title: 'Maintenance tonight', content: 'Edges restart at 02:00', type: 2, status: 1 },
    { title: 'Draft', content: 'not published', type: 2, status: 0 },
  ]);
  await server.database.db.insert(edgeGroups).values([{ name: 'common-a' }, { name: 'common-b' }]);
});
afterAll(() => server.close());

const call: TestServer['call'] = (method, path, options = {}) =>
  server.call(method, path, { lang: 'en', ...options });

describe('public and customer common calls', () => {
  it('app/common/web/agent answers the brand and contact without a login', async () => {
    const answer = await call<{ name: string; registerOpen: boolean; contact: object }>(
      'GET',
      'app/common/web/agent',
    );
    expect(answer.body.data).toMatchObject({ name: expect.any(String), registerOpen: true });
    expect(answer.body.data!.contact).toHaveProperty('email');
  });

  it('app/common/web/update/log pages the release notes of CHANGELOG.md, newest first', async () => {
    type LogPage = { list: { version: string; date: string; items: string[] }[]; totalCount: number };
    const headings = readFileSync(CHANGELOG_FILE, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('## '));
    const first = await call<LogPage>('GET', 'app/common/web/update/log', { query: { page: 1, limit: 1 } });
    expect(first.body.data!.list).toHaveLength(1);
    expect(first.body.data!.totalCount).toBe(headings.length);
    const newest = first.body.data!.list[0]!;
    expect(headings[0]).toBe(`## ${newest.version} — ${newest.date}`);
    expect(newest.items.length).toBeGreaterThan(0);
    const second = await call<LogPage>('GET', 'app/common/web/update/log', { query: { page: 2, limit: 2 } });
    expect(second.body.data!.list.map((e) => `## ${e.version} — ${e.date}`)).toEqual(headings.slice(2, 4));
    const bad = await call('GET', 'app/common/web/update/log', { query: { page: 0 } });
    expect(bad.body.code).toBe(400);
  });

  it('app/common/notice/list shows published announcements only', async () => {
    const answer = await call<{ list: { title: string }[] }>('POST', 'app/common/notice/list', { body: {} });
    expect(answer.body.data!.list.map((n) => n.title)).toEqual(['Maintenance tonight']);
  });

  it('app/product/user/auth says which products and features the customer has', async () => {
    const answer = await call<{
      products: { cdn: boolean; dns: boolean };
      features: Record<string, boolean>;
    }>('POST', 'app/product/user/auth', { token: customer });
    expect(answer.body.data).toMatchObject({
      products: { cdn: true, dns: true },
      unvalidModel: [],
      maxForceUrl: 0,
    });
    expect(Object.keys(answer.body.data!.features).sort()).toEqual([
      'access-token',
      'force',
      'rewrite',
      'verify',
    ]);
    expect((await call('POST', 'app/product/user/auth')).body.code).toBe(401);
  });

  it('app/account/request runs named reads only', async () => {
    const answer = await call<{ results: Record<string, unknown> }>('POST', 'app/account/request', {
      token: customer,
      body: { ops: ['userinfo', 'unreadCount'] },
    });
    expect(answer.body.data!.results).toMatchObject({
      userinfo: { username: 'demo' },
      unreadCount: expect.any(Number),
    });
    const proxy = await call('POST', 'app/account/request', {
      token: customer,
      body: { ops: ['http://169.254.169.254/latest/meta-data'] },
    });
    expect(proxy.body.code).toBe(400);
  });
});

describe('admin common calls', () => {
  it('sys/common/index (and sys_common/index) count the platform', async () => {
    for (const path of ['sys/common/index', 'sys_common/index']) {
      const answer = await call<Record<string, number>>('GET', path, { token: admin });
      expect(answer.body.data).toMatchObject({
        customers: 1,
        sites: 0,
        nodes: 0,
        onlineNodes: 0,
        openWorkOrders: 0,
      });
    }
    expect((await call('GET', 'sys/common/index', { token: customer })).body.code).toBe(403);
  });

  it('sys/common/enums serves the contract enums; sys/common/request batches named reads', async () => {
    const enums = await call('GET', 'sys/common/enums', { token: admin });
    expect(enums.body.data).toEqual(JSON.parse(JSON.stringify(ENUMS)));
    const batch = await call<{ results: Record<string, unknown> }>('POST', 'sys_common/request', {
      token: admin,
      body: { ops: ['index', 'paramClass'] },
    });
    expect(Object.keys(batch.body.data!.results).sort()).toEqual(['index', 'paramClass']);
  });

  it('sys/config/getParamClass groups the config records', async () => {
    const answer = await call<{ list: { name: string; params: { paramKey: string }[] }[] }>(
      'GET',
      'sys/config/getParamClass',
      { token: admin },
    );
    const byName = Object.fromEntries(
      answer.body.data!.list.map((c) => [c.name, c.params.map((p) => p.paramKey)]),
    );
    expect(byName.web).toContain('basic');
    expect(byName.notify).toContain('MAIL_CONFIG_KEY');
    expect(byName.payment).toContain('STRIPE_PAY_CONF');
  });

  it('update/static/variable republishes every group; conf/status shows each group’s revision', async () => {
    const before = await call<{ list: { name: string; revision: number; nodes: number }[] }>(
      'GET',
      'sys/config/update/conf/status',
      { token: admin },
    );
    const republished = await call<{ groups: number }>('POST', 'sys/cdnsys/auth/update/static/variable', {
      token: admin,
    });
    expect(republished.body.data!.groups).toBe(before.body.data!.list.length);
    const after = await call<{ list: { name: string; revision: number }[] }>(
      'GET',
      'sys/config/update/conf/status',
      {
        token: admin,
      },
    );
    for (const group of after.body.data!.list) {
      const old = before.body.data!.list.find((g) => g.name === group.name)!;
      expect(group.revision).toBe(old.revision + 1);
    }
    const jobs = await call<{ data: { task: string; waiting: number }[] }>(
      'POST',
      'sys/cdnsys/admin/tool/redis/data',
      {
        token: admin,
        body: { op: 'jobs' },
      },
    );
    // The publishes may already have run: the queue answers whatever it holds now, by task.
    for (const job of jobs.body.data!.data)
      expect(job).toEqual({
        task: expect.any(String),
        waiting: expect.any(Number),
        running: expect.any(Number),
        failed: expect.any(Number),
      });
  });

  it('GetIndexChartData gives one value per day for each series', async () => {
    const answer = await call<{ days: string[]; series: Record<string, number[]> }>(
      'GET',
      'sys/cdnsys/auth/GetIndexChartData',
      { token: admin, query: { days: 7 } },
    );
    const chart = answer.body.data!;
    expect(chart.days).toHaveLength(7);
    for (const values of Object.values(chart.series)) expect(values).toHaveLength(7);
    expect(chart.series.logins!.at(-1)).toBeGreaterThanOrEqual(2);
    expect(chart.series.customers!.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('GetIndexChartData counts days of the display time zone set in web config', async () => {
    const chartIn = async (utcOffsetMinutes: number) => {
      await call('POST', 'sys/config/web/save', {
        token: admin,
        body: { section: 'basic', value: { ...WEB_CONFIG_DEFAULTS.basic, utcOffsetMinutes } },
      });
      const answer = await call<{ days: string[] }>('GET', 'sys/cdnsys/auth/GetIndexChartData', {
        token: admin,
        query: { days: 7 },
      });
      return answer.body.data!.days;
    };
    try {
      // UTC-12 and UTC+14 never share a calendar day: each chart ends on its own today.
      expect((await chartIn(-720)).at(-1)).toBe(formatDate(Date.now(), -720));
      expect((await chartIn(840)).at(-1)).toBe(formatDate(Date.now(), 840));
    } finally {
      await chartIn(WEB_CONFIG_DEFAULTS.basic.utcOffsetMinutes);
    }
  });

  it('the tool lists and clears the in-process caches', async () => {
    await call('GET', 'app/common/web/config');
    const caches = await call<{ data: { table: string; entries: number }[] }>(
      'POST',
      'sys/cdnsys/admin/tool/redis/data',
      {
        token: admin,
        body: { op: 'caches' },
      },
    );
    expect(caches.body.data!.data.length).toBeGreaterThan(0);
    const cleared = await call<{ data: { entries: number }[] }>('POST', 'sys/cdnsys/admin/tool/redis/data', {
      token: admin,
      body: { op: 'clearCaches' },
    });
    expect(cleared.body.data!.data.every((c) => c.entries === 0)).toBe(true);
  });
});
