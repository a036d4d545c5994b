import { eq } from 'drizzle-orm';
import { WEB_CONFIG_DEFAULTS } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, startTestServer, type TestServer } from '../../../test/harness';
import { captchas } from '../../platform/auth/auth.schema';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';

let server: TestServer;
let demo: string;
let other: string;
let admin: string;
let otherId: number;

interface Entry {
  action: string;
  kind: string;
  success: boolean;
  by?: string;
  detail: Record<string, unknown>;
  target: string | null;
  actorName?: string | null;
  customerName?: string | null;
}
interface Page {
  list: Entry[];
  totalCount: number;
}

const call: TestServer['call'] = (method, path, options = {}) =>
  server.call(method, path, { lang: 'en', ...options });

beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.database.db
    .insert(customers)
    .values({ username: 'other-log', passwordHash: await hashPassword('other-pass-1') })
    .returning();
  otherId = row!.id;
  // A wrong password for demo: their log shows it, nobody else's does.
  const wrong = await call('POST', 'app/account/login', {
    body: {
      username: CUSTOMER.username,
      password: 'not-the-password',
      captcha: 'x',
      uuid: crypto.randomUUID(),
    },
  });
  expect(wrong.body.code).not.toBe(1);
  [demo, other, admin] = await Promise.all([
    server.login('customer'),
    server.login('customer', { username: 'other-log', password: 'other-pass-1' }),
    server.login('admin'),
  ]);
  expect(
    (await call('POST', 'app/site/group/save', { token: demo, body: { name: 'Shops' } })).body.code,
  ).toBe(1);
  expect(
    (await call('POST', 'app/site/group/save', { token: other, body: { name: 'Others' } })).body.code,
  ).toBe(1);
  // An admin's change to the other customer lands in that customer's log.
  for (const enabled of [false, true])
    await call('POST', 'sys/account/user/status', { token: admin, body: { userIds: [otherId], enabled } });
  other = await server.login('customer', { username: 'other-log', password: 'other-pass-1' });
});
afterAll(() => server.close());

const list = async (token: string, body: Record<string, unknown> = {}) => {
  const answer = await call<Page>('POST', 'app/log/list', { token, body: { limit: 100, ...body } });
  expect(answer.body.code).toBe(1);
  return answer.body.data!;
};

describe('app/log/list', () => {
  it('answers 401 without a token, and 403 for a customer on the audit log', async () => {
    expect((await call('POST', 'app/log/list', { body: {} })).body.code).toBe(401);
    expect((await call('GET', 'app/log/export')).body.code).toBe(401);
    expect((await call('POST', 'sys/log/list', { token: demo, body: {} })).body.code).toBe(403);
  });

  it("shows the customer's logins, failures and changes, newest first, and nobody else's", async () => {
    const mine = await list(demo);
    const actions = mine.list.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['site_group.save', 'login.ok']));
    // The captcha was wrong: that attempt names no account, so it is in no customer's log.
    expect(actions).not.toContain('login.failed');
    const group = mine.list.find((e) => e.action === 'site_group.save')!;
    expect(group).toMatchObject({ kind: 'site', success: true, by: 'self', detail: { name: 'Shops' } });
    expect(mine.list.some((e) => e.detail.name === 'Others')).toBe(false);
    expect(actions.some((a) => a.startsWith('account.'))).toBe(false);

    const theirs = await list(other);
    expect(theirs.list.filter((e) => e.action.startsWith('account.')).map((e) => [e.action, e.by])).toEqual([
      ['account.enable', 'admin'],
      ['account.disable', 'admin'],
    ]);
  });

  it('records a wrong password on a known account, with its reason', async () => {
    const uuid = crypto.randomUUID();
    await fetch(`${server.baseUrl}/api/app/account/kaptcha.jpg?uuid=${uuid}`);
    const [captcha] = await server.database.db.select().from(captchas).where(eq(captchas.uuid, uuid));
    const answer = await call('POST', 'app/account/login', {
      body: { username: 'other-log', password: 'wrong-pass-1', captcha: captcha!.answer, uuid },
    });
    expect(answer.body.msg).not.toBe('ok');
    const failed = (await list(other, { success: false })).list;
    expect(failed[0]).toMatchObject({
      action: 'login.failed',
      by: 'anonymous',
      detail: { reason: 'password' },
    });
    expect(failed.every((e) => !e.success)).toBe(true);
  });

  it('filters by kind and by date range', async () => {
    const logins = await list(demo, { kind: 'login' });
    expect(logins.list.length).toBeGreaterThan(0);
    expect(logins.list.every((e) => e.kind === 'login')).toBe(true);
    const future = await list(demo, { startTime: '2999-01-01T00:00:00.000+08:00' });
    expect(future).toMatchObject({ list: [], totalCount: 0 });
    const today = await list(demo, {
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(today.totalCount).toBe((await list(demo)).totalCount);
    const bad = await call('POST', 'app/log/list', { token: demo, body: { startTime: 'yesterday' } });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('Start time');
  });

  it("exports the filtered rows as CSV in the reader's language", async () => {
    const response = await fetch(`${server.baseUrl}/api/app/log/export?kind=site`, {
      headers: { token: demo, lang: 'cn' },
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="operation-log-\d{8}\.csv"$/,
    );
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"时间","操作","类型","结果","操作人","IP","对象","详情"');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain('"保存站点分组","加速域名","成功","本人"');
    expect(lines[1]).toContain('name: Shops');
  });

  it('writes the time in the display time zone of web config, as the consoles show it', async () => {
    const exportedTime = async () => {
      const response = await fetch(`${server.baseUrl}/api/app/log/export?kind=site`, {
        headers: { token: demo, lang: 'en' },
      });
      const row = (await response.text()).trim().split('\r\n')[1]!;
      return Date.parse(`${/^"([^"]+)"/.exec(row)![1]!.replace(' ', 'T')}Z`);
    };
    const setOffset = (utcOffsetMinutes: number) =>
      call('POST', 'sys/config/web/save', {
        token: admin,
        body: { section: 'basic', value: { ...WEB_CONFIG_DEFAULTS.basic, utcOffsetMinutes } },
      });
    const atDefault = await exportedTime();
    await setOffset(-300);
    try {
      // UTC+8 to UTC-5: the same instant reads 13 hours earlier.
      expect(atDefault - (await exportedTime())).toBe(13 * 3_600_000);
    } finally {
      await setOffset(WEB_CONFIG_DEFAULTS.basic.utcOffsetMinutes);
    }
  });
});

describe('sys/log/list', () => {
  it('shows every row with who acted and whom it concerned, filtered', async () => {
    const page = async (body: Record<string, unknown>) =>
      (await call<Page>('POST', 'sys/log/list', { token: admin, body: { limit: 100, ...body } })).body.data!;
    const aboutOther = await page({ customer: 'other-log', kind: 'security' });
    expect(aboutOther.list.map((e) => [e.action, e.actorName, e.customerName])).toEqual([
      ['account.enable', 'admin', 'other-log'],
      ['account.disable', 'admin', 'other-log'],
    ]);
    const byDemo = await page({ actor: 'demo' });
    expect(byDemo.list.length).toBeGreaterThan(0);
    expect(byDemo.list.every((e) => e.actorName === 'demo')).toBe(true);
    const groups = await page({ action: 'site_group' });
    expect(groups.list.map((e) => e.detail.name).sort()).toEqual(['Others', 'Shops']);

    const csv = await fetch(`${server.baseUrl}/api/sys/log/export?customer=other-log&kind=security`, {
      headers: { token: admin, lang: 'en' },
    });
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toContain('"Time","Operation","Kind","Result","By","Customer"');
    expect(lines[1]).toContain('"Account enabled","Account security","Succeeded","admin:admin","other-log"');
  });
});
