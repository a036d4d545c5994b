import { eq, inArray } from 'drizzle-orm';
import { configRepository } from './config.repository';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { readConfigEntry, readConfigValue } from './config.read';
import { sysConfig } from './config.schema';

let server: TestServer;
let admin: string;
let customer: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  customer = await server.login('customer');
});
afterAll(() => server.close());

const rowCount = async () => (await server.database.db.select({ id: sysConfig.id }).from(sysConfig)).length;
const auditActions = async (action: string) =>
  server.database.db.select().from(auditLog).where(eq(auditLog.action, action));

const MAIL = {
  protocol: 'smtp',
  host: 'smtp.example.com',
  username: 'robot@example.com',
  port: 465,
  secure: true,
  templates: {},
};

describe('guards', () => {
  it.each([
    ['POST', 'sys/config/list', { page: 1, limit: 10 }],
    ['GET', 'sys/config/list', undefined],
    ['GET', 'sys/config/info/1', undefined],
    ['GET', 'sys/config/info2/basic', undefined],
    ['GET', 'sys/config/kinfo?key=basic', undefined],
    ['POST', 'sys/config/save', { paramKey: 'X', paramValue: '{}' }],
    ['POST', 'sys/config/update', { id: 1, paramKey: 'basic', paramValue: '{}' }],
    ['POST', 'sys/config/delete', { ids: [1] }],
    ['GET', 'sys/config/update/status/1', undefined],
  ])('%s %s: 401 without a token, 403 with a customer token, nothing written', async (method, path, body) => {
    const before = await rowCount();
    expect((await server.call(method, path, { body })).body.code).toBe(401);
    expect((await server.call(method, path, { body, token: customer })).body.code).toBe(403);
    expect(await rowCount()).toBe(before);
  });
});

describe('reading', () => {
  it('lists with paging and a paramKey search (POST body and GET query)', async () => {
    const post = await server.call<{
      list: { paramKey: string }[];
      totalCount: number;
      pageSize: number;
      currPage: number;
    }>('POST', 'sys/config/list', { token: admin, body: { page: 1, limit: 50, paramKey: 'sms' } });
    expect(post.body.code).toBe(1);
    expect(post.body.data!.list.map((r) => r.paramKey).sort()).toEqual([
      'ALIYUN_SMS_CONFIG_KEY',
      'SMS_BAO',
      'SMS_CONFIG_KEY',
    ]);
    expect(post.body.data).toMatchObject({ totalCount: 3, pageSize: 50, currPage: 1 });

    const get = await server.call<{ list: unknown[]; totalCount: number }>('GET', 'sys/config/list', {
      token: admin,
      query: { page: 2, limit: 5, sidx: 'id', order: 'asc' },
    });
    expect(get.body.data!.list).toHaveLength(5);
    expect(get.body.data!.totalCount).toBeGreaterThan(20);
    // A LIKE wildcard in the search is matched literally.
    const wildcard = await server.call<{ totalCount: number }>('POST', 'sys/config/list', {
      token: admin,
      body: { paramKey: '%' },
    });
    expect(wildcard.body.data!.totalCount).toBe(0);
  });

  it('has the ids the spec fixes, and defaults for every section', async () => {
    for (const [id, key] of [
      [26, 'SMS_CONFIG_KEY'],
      [37, 'CDN_NODECHECK_KEY'],
      [45, 'ALIYUN_SMS_CONFIG_KEY'],
      [46, 'SMS_BAO'],
    ] as const) {
      const answer = await server.call<{ paramKey: string }>('GET', `sys/config/info/${id}`, {
        token: admin,
      });
      expect(answer.body.data!.paramKey).toBe(key);
    }
    const nodeCheck = await server.call<Record<string, unknown>>('GET', 'sys/config/kinfo', {
      token: admin,
      query: { key: 'CDN_NODECHECK_KEY' },
    });
    expect(nodeCheck.body.data).toMatchObject({
      DnsDispatchMode: 'online',
      checkNodeFrequency: 10,
      failPercent: 80,
      ModeTimingFrequency: 60,
    });
    const sms = await server.call<{ paramValue: string; status: number }>('GET', 'sys/config/info2/SMS_BAO', {
      token: admin,
    });
    const value = JSON.parse(sms.body.data!.paramValue) as { templateIds: Record<string, unknown> };
    expect(Object.keys(value.templateIds).sort()).toEqual([
      'code',
      'flow_expire',
      'flow_out',
      'meal_expire',
      'meal_out',
      'node_check',
      'work_order',
    ]);
    expect(value.templateIds.code).toMatchObject({ name: 'code', id: '', status: 1 });
    expect(sms.body.data!.status).toBe(0);
  });

  it('answers 404 for an unknown id or key, in the request language', async () => {
    const byId = await server.call('GET', 'sys/config/info/99999', { token: admin, lang: 'en' });
    expect(byId.body).toEqual({ code: 404, msg: 'Resource not found' });
    expect((await server.call('GET', 'sys/config/info2/NOPE', { token: admin })).body).toEqual({
      code: 404,
      msg: '资源不存在',
    });
    expect(
      (await server.call('GET', 'sys/config/kinfo', { token: admin, query: { key: 'NOPE' } })).body.code,
    ).toBe(404);
  });
});

describe('secrets are write-only', () => {
  it('never returns a stored secret, and an empty one on update keeps it', async () => {
    const update = (password: string) =>
      server.call('POST', 'sys/config/update', {
        token: admin,
        body: {
          id: 10,
          paramKey: 'MAIL_CONFIG_KEY',
          remark: 'E-mail (SMTP)',
          paramValue: JSON.stringify({ ...MAIL, password }),
        },
      });
    expect((await update('smtp-secret-1')).body.code).toBe(1);
    expect(await readConfigValue(server.database.db, 'MAIL_CONFIG_KEY')).toMatchObject({
      password: 'smtp-secret-1',
      host: 'smtp.example.com',
    });

    const reads = [
      await server.call('POST', 'sys/config/list', { token: admin, body: { limit: 200 } }),
      await server.call('GET', 'sys/config/list', { token: admin, query: { limit: 200 } }),
      await server.call('GET', 'sys/config/info/10', { token: admin }),
      await server.call('GET', 'sys/config/info2/MAIL_CONFIG_KEY', { token: admin }),
      await server.call('GET', 'sys/config/kinfo', { token: admin, query: { key: 'MAIL_CONFIG_KEY' } }),
      await server.call('GET', 'app/common/web/config'),
      await update(''),
    ];
    for (const read of reads) {
      expect(read.body.code).toBe(1);
      expect(JSON.stringify(read.body)).not.toContain('smtp-secret-1');
    }
    const info = reads[3]!.body.data as { paramValue: string };
    expect(JSON.parse(info.paramValue)).toMatchObject({
      password: '',
      passwordSet: true,
      host: 'smtp.example.com',
    });
    expect(reads[4]!.body.data).toMatchObject({ password: '', passwordSet: true });

    // The empty password of the last update kept the stored one; the read-back flag is not stored.
    const stored = await readConfigValue<Record<string, unknown>>(server.database.db, 'MAIL_CONFIG_KEY');
    expect(stored).toMatchObject({ password: 'smtp-secret-1' });
    expect(stored).not.toHaveProperty('passwordSet');

    expect((await update('smtp-secret-2')).body.code).toBe(1);
    expect(await readConfigValue(server.database.db, 'MAIL_CONFIG_KEY')).toMatchObject({
      password: 'smtp-secret-2',
    });

    const audits = await auditActions('config.update');
    expect(audits.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audits)).not.toMatch(/smtp-secret/);
    expect(audits.at(-1)).toMatchObject({
      actorKind: 'admin',
      target: 'MAIL_CONFIG_KEY',
      detail: { id: 10, changed: ['password'] },
    });
  });

  it('checks the node monitor record by the rules of spec §5, naming the field', async () => {
    const valid = {
      DnsDispatchMode: 'timing',
      ModeTimingFrequency: 120,
      checkNodePortList: '80|443',
      checkNodeFrequency: 30,
      failPercent: 50,
      mailNotice: ' ops@example.com ',
      mailNoticeStatus: 1,
      smsNotice: '',
      smsNoticeStatus: 0,
    };
    const save = (value: object, lang: 'cn' | 'en' = 'en') =>
      server.call('POST', 'sys/config/update', {
        token: admin,
        lang,
        body: {
          id: 37,
          paramKey: 'CDN_NODECHECK_KEY',
          remark: 'Node check',
          paramValue: JSON.stringify(value),
        },
      });
    const refusals = [
      [{ checkNodeFrequency: 15 }, 'Check frequency must be a multiple of 10 seconds'],
      [{ checkNodeFrequency: 400 }, 'Check frequency must be at most 300'],
      [{ failPercent: 0 }, 'Failure rate must be at least 1'],
      [{ checkNodePortList: '80,443' }, 'Ports to check: ports separated by |, for example 80|443'],
      [{ checkNodePortList: '80|70000' }, 'Ports to check: ports separated by |, for example 80|443'],
      [{ ModeTimingFrequency: 90 }, 'Timed period must be 60-3600 seconds, in steps of 60'],
      [{ mailNotice: '' }, 'Notice e-mail cannot be empty'],
      [{ smsNoticeStatus: 1, smsNotice: '123' }, 'Notice mobile: Mobile number format error'],
      [{ DnsDispatchMode: 'sometimes' }, 'Dispatch mode is invalid'],
    ] as const;
    for (const [change, message] of refusals) {
      const answer = await save({ ...valid, ...change });
      expect([answer.body.code, answer.body.msg]).toEqual([400, message]);
    }
    expect((await save({ ...valid, checkNodeFrequency: 15 }, 'cn')).body.msg).toBe(
      '检测频率须为 10 秒的整数倍',
    );
    // Timing rules apply to the timing mode only; the stored value is the trimmed one.
    expect((await save({ ...valid, DnsDispatchMode: 'online', ModeTimingFrequency: 90 })).body.code).toBe(1);
    const stored = await server.call<Record<string, unknown>>('GET', 'sys/config/kinfo', {
      token: admin,
      query: { key: 'CDN_NODECHECK_KEY' },
    });
    expect(stored.body.data).toMatchObject({ mailNotice: 'ops@example.com', checkNodeFrequency: 30 });
  });

  it('keeps SMS provider keys when the form sends back what it read', async () => {
    const value = {
      sdkappId: '1400000000',
      secretid: 'AKIDexample',
      secretkey: 'tencent-secret-key',
      signname: 'Nimbus',
      templateIds: { code: { name: 'code', title: 'Code', id: '123', status: 1, content: '' } },
    };
    const first = await server.call('POST', 'sys/config/update', {
      token: admin,
      body: {
        id: 26,
        paramKey: 'SMS_CONFIG_KEY',
        remark: 'Tencent Cloud SMS',
        paramValue: JSON.stringify(value),
        status: 1,
      },
    });
    expect(first.body.code).toBe(1);
    expect(JSON.stringify(first.body)).not.toContain('tencent-secret-key');
    const read = await server.call<{ paramValue: string }>('GET', 'sys/config/info/26', { token: admin });
    const form = { ...(JSON.parse(read.body.data!.paramValue) as object), signname: 'Renamed' };
    expect(form).toMatchObject({ secretkey: '', secretkeySet: true });
    const second = await server.call('POST', 'sys/config/update', {
      token: admin,
      body: {
        id: 26,
        paramKey: 'SMS_CONFIG_KEY',
        remark: 'Tencent Cloud SMS',
        paramValue: JSON.stringify(form),
      },
    });
    expect(second.body.code).toBe(1);
    const entry = await readConfigEntry(server.database.db, 'SMS_CONFIG_KEY');
    expect(entry).toMatchObject({
      id: 26,
      status: 1,
      value: { secretkey: 'tencent-secret-key', signname: 'Renamed' },
    });
  });

  it('refuses an SMS form missing a required field, naming it, and writes nothing', async () => {
    const before = await readConfigValue(server.database.db, 'SMS_BAO');
    const answer = await server.call('POST', 'sys/config/update', {
      token: admin,
      lang: 'en',
      body: {
        id: 46,
        paramKey: 'SMS_BAO',
        remark: '',
        paramValue: JSON.stringify({ api_addr: 'https://sms.example.com', username: '', api_key: 'k' }),
      },
    });
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toMatch(/username/i);
    expect(await readConfigValue(server.database.db, 'SMS_BAO')).toEqual(before);
  });
});

describe('a stored secret is never sent somewhere new without being entered again', () => {
  const updateKey = (
    id: number,
    paramKey: string,
    value: Record<string, unknown>,
    lang: 'cn' | 'en' = 'en',
  ) =>
    server.call('POST', 'sys/config/update', {
      token: admin,
      lang,
      body: { id, paramKey, remark: paramKey, paramValue: JSON.stringify(value) },
    });
  const MAIL_SET = { ...MAIL, host: 'smtp.first.example', password: 'mail-secret-A' };
  const SMSBAO_SET = {
    api_addr: 'https://api.smsbao.com',
    username: 'nimbus',
    api_key: 'bao-secret-A',
    signname: '',
  };

  it.each([
    [
      'host',
      { host: 'smtp.attacker.example' },
      'SMTP server has changed: enter Authorization password again',
      'SMTP 服务器已修改，请重新输入授权密码',
    ],
    [
      'port',
      { port: 2525 },
      'Port has changed: enter Authorization password again',
      '端口已修改，请重新输入授权密码',
    ],
    [
      'username',
      { username: 'thief@attacker.example' },
      'Sender mailbox has changed: enter Authorization password again',
      '发件人邮箱已修改，请重新输入授权密码',
    ],
  ])(
    'e-mail: a changed %s with a blank password is refused in both languages',
    async (_f, change, en, cn) => {
      expect((await updateKey(10, 'MAIL_CONFIG_KEY', MAIL_SET)).body.code).toBe(1);
      const before = await readConfigValue(server.database.db, 'MAIL_CONFIG_KEY');
      expect((await updateKey(10, 'MAIL_CONFIG_KEY', { ...MAIL_SET, ...change, password: '' })).body).toEqual(
        { code: 400, msg: en },
      );
      expect(
        (await updateKey(10, 'MAIL_CONFIG_KEY', { ...MAIL_SET, ...change, password: '' }, 'cn')).body,
      ).toEqual({ code: 400, msg: cn });
      expect(await readConfigValue(server.database.db, 'MAIL_CONFIG_KEY')).toEqual(before);
      // Entered again, the change is fine; unchanged, a blank password still keeps the stored one.
      expect(
        (await updateKey(10, 'MAIL_CONFIG_KEY', { ...MAIL_SET, ...change, password: 'mail-secret-B' })).body
          .code,
      ).toBe(1);
      expect(
        (await updateKey(10, 'MAIL_CONFIG_KEY', { ...MAIL_SET, ...change, password: '' })).body.code,
      ).toBe(1);
      expect(await readConfigValue(server.database.db, 'MAIL_CONFIG_KEY')).toMatchObject({
        ...change,
        password: 'mail-secret-B',
      });
    },
  );

  it('SMSBao: a changed API ADDR with a blank API KEY is refused; other fields may change', async () => {
    expect((await updateKey(46, 'SMS_BAO', SMSBAO_SET)).body.code).toBe(1);
    const moved = await updateKey(46, 'SMS_BAO', {
      ...SMSBAO_SET,
      api_addr: 'https://collector.example',
      api_key: '',
    });
    expect(moved.body).toEqual({ code: 400, msg: 'API ADDR has changed: enter API KEY again' });
    expect(await readConfigValue(server.database.db, 'SMS_BAO')).toMatchObject({
      api_addr: 'https://api.smsbao.com',
    });
    expect(
      (await updateKey(46, 'SMS_BAO', { ...SMSBAO_SET, signname: 'Nimbus', api_key: '' })).body.code,
    ).toBe(1);
    expect(await readConfigValue(server.database.db, 'SMS_BAO')).toMatchObject({
      signname: 'Nimbus',
      api_key: 'bao-secret-A',
    });
  });

  it('a provider key of an unregistered shape: a changed address field needs its secret again', async () => {
    // Written directly: another test counts the keys saved through the API.
    const row = await configRepository(server.database.db).insert({
      paramKey: 'MY_PAY_CONF',
      paramValue: '{}',
      remark: 'an admin-added provider',
      status: 0,
    });
    const id = row!.id;
    const value = { endpoint: 'https://pay.example.com', mchId: '1', apiKey: 'pay-secret' };
    expect((await updateKey(id, 'MY_PAY_CONF', value)).body.code).toBe(1);
    expect((await updateKey(id, 'MY_PAY_CONF', { ...value, mchId: '2', apiKey: '' })).body.code).toBe(1);
    expect(
      (await updateKey(id, 'MY_PAY_CONF', { ...value, endpoint: 'https://evil.example', apiKey: '' })).body,
    ).toEqual({
      code: 400,
      msg: 'endpoint has changed: enter apiKey again',
    });
    expect(await readConfigValue(server.database.db, 'MY_PAY_CONF')).toMatchObject({
      endpoint: 'https://pay.example.com',
      apiKey: 'pay-secret',
    });
    await configRepository(server.database.db).deleteByIds([id]);
  });
});

describe('required secrets', () => {
  it.each([
    [
      26,
      'SMS_CONFIG_KEY',
      { sdkappId: '1400000000', secretid: 'AKID', secretkey: '', signname: 'Nimbus' },
      'secretKey cannot be empty',
      'secretKey 不能为空',
    ],
    [
      45,
      'ALIYUN_SMS_CONFIG_KEY',
      { secretid: 'LTAI', secretkey: '', signname: 'Nimbus' },
      'secretKey cannot be empty',
      'secretKey 不能为空',
    ],
    [
      46,
      'SMS_BAO',
      { api_addr: 'https://api.smsbao.com', username: 'u', api_key: '' },
      'Please enter API KEY',
      '请输入 API KEY',
    ],
    [
      10,
      'MAIL_CONFIG_KEY',
      { ...MAIL, password: '' },
      'Authorization password cannot be empty',
      '授权密码不能为空',
    ],
  ])(
    '%s %s: a first save without the secret is refused (spec §5 message)',
    async (id, key, value, en, cn) => {
      // Nothing stored yet: the seeded row has the secret blank.
      await server.database.db
        .update(sysConfig)
        .set({ paramValue: JSON.stringify({ ...value }) })
        .where(eq(sysConfig.id, id));
      const before = await readConfigValue(server.database.db, key);
      const answer = await server.call('POST', 'sys/config/update', {
        token: admin,
        lang: 'en',
        body: { id, paramKey: key, remark: key, paramValue: JSON.stringify(value) },
      });
      expect(answer.body).toEqual({ code: 400, msg: en });
      const inChinese = await server.call('POST', 'sys/config/update', {
        token: admin,
        body: { id, paramKey: key, remark: key, paramValue: JSON.stringify(value) },
      });
      expect(inChinese.body).toEqual({ code: 400, msg: cn });
      expect(await readConfigValue(server.database.db, key)).toEqual(before);
    },
  );
});

describe('writing', () => {
  it('saves a new key after the fixed ids, refuses a duplicate, and audits', async () => {
    const saved = await server.call<{ id: number; paramKey: string; status: number }>(
      'POST',
      'sys/config/save',
      {
        token: admin,
        lang: 'en',
        body: {
          paramKey: 'MY_FEATURE',
          paramValue: '{"enabled":true,"clientSecret":"abc123"}',
          remark: 'test',
          status: 0,
        },
      },
    );
    expect(saved.body).toMatchObject({ code: 1, msg: 'Saved successfully' });
    expect(saved.body.data!.id).toBeGreaterThan(46);
    expect(JSON.stringify(saved.body)).not.toContain('abc123');
    const duplicate = await server.call('POST', 'sys/config/save', {
      token: admin,
      lang: 'en',
      body: { paramKey: 'MY_FEATURE', paramValue: '{}' },
    });
    expect(duplicate.body).toEqual({ code: 409, msg: 'The parameter key MY_FEATURE already exists' });
    expect((await auditActions('config.save')).map((a) => a.target)).toEqual(['MY_FEATURE']);
  });

  it.each([
    ['save', { paramKey: 'BAD_JSON', paramValue: '{not json' }, 'Parameter value must be valid JSON text'],
    ['save', { paramKey: 'NO_VALUE' }, 'Parameter value cannot be empty'],
    ['save', { paramKey: '', paramValue: '{}' }, 'Parameter key cannot be empty'],
    ['save', { paramKey: 'bad key!', paramValue: '{}' }, 'Parameter key must start with a letter'],
    ['update', { id: 1, paramKey: 'basic', paramValue: JSON.stringify({ webName: '' }) }, 'Favicon'],
    ['update', { id: 1, paramKey: 'basic', paramValue: '[' }, 'Parameter value must be valid JSON text'],
    ['update', { paramKey: 'basic', paramValue: '{}' }, 'ID cannot be empty'],
    ['delete', { ids: [] }, 'IDs cannot be empty'],
  ])('%s refuses bad input with a message naming the field (%j)', async (action, body, message) => {
    const before = await server.database.db.select().from(sysConfig);
    const answer = await server.call('POST', `sys/config/${action}`, { token: admin, lang: 'en', body });
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toContain(message);
    expect(await server.database.db.select().from(sysConfig)).toEqual(before);
  });

  it('validates a web config section updated through sys/config/update, in Chinese by default', async () => {
    const bad = { favicon: '', logoImgLight: '', logoImgDark: '', webName: '', icp: '', isp: '', lang: 'cn' };
    const answer = await server.call('POST', 'sys/config/update', {
      token: admin,
      body: { id: 1, paramKey: 'basic', paramValue: JSON.stringify(bad) },
    });
    expect(answer.body).toEqual({ code: 400, msg: '网站名称不能为空' });
  });

  it('updates a section and trims it', async () => {
    const good = {
      favicon: '',
      logoImgLight: '/logo.png',
      logoImgDark: '',
      webName: '  Acme CDN ',
      icp: '',
      isp: '',
      lang: 'en',
    };
    const answer = await server.call('POST', 'sys/config/update', {
      token: admin,
      body: { id: 1, paramKey: 'basic', remark: 'Web config: basic', paramValue: JSON.stringify(good) },
    });
    expect(answer.body.code).toBe(1);
    expect(await readConfigValue(server.database.db, 'basic')).toMatchObject({
      webName: 'Acme CDN',
      lang: 'en',
      logoImgLight: '/logo.png',
    });
  });

  it('refuses to rename or delete a built-in key, and deletes others all-or-nothing', async () => {
    const rename = await server.call('POST', 'sys/config/update', {
      token: admin,
      lang: 'en',
      body: { id: 46, paramKey: 'SMS_BAO_2', paramValue: '{}' },
    });
    expect(rename.body).toEqual({
      code: 400,
      msg: 'The built-in parameter SMS_BAO cannot be deleted or renamed',
    });

    const extra = await server.call<{ id: number }>('POST', 'sys/config/save', {
      token: admin,
      body: { paramKey: 'TO_DELETE', paramValue: '1' },
    });
    const id = extra.body.data!.id;
    const mixed = await server.call('POST', 'sys/config/delete', {
      token: admin,
      lang: 'en',
      body: { ids: [id, 1] },
    });
    expect(mixed.body).toEqual({
      code: 400,
      msg: 'The built-in parameter basic cannot be deleted or renamed',
    });
    expect(
      (await server.call('POST', 'sys/config/delete', { token: admin, body: { ids: [id, 99999] } })).body
        .code,
    ).toBe(404);
    expect(await server.database.db.select().from(sysConfig).where(eq(sysConfig.id, id))).toHaveLength(1);

    const renamed = await server.call('POST', 'sys/config/update', {
      token: admin,
      body: { id, paramKey: 'RENAMED', paramValue: '2' },
    });
    expect(renamed.body).toMatchObject({ code: 1, data: { paramKey: 'RENAMED', paramValue: '2' } });
    const taken = await server.call('POST', 'sys/config/update', {
      token: admin,
      body: { id, paramKey: 'MY_FEATURE', paramValue: '2' },
    });
    expect(taken.body.code).toBe(409);

    const deleted = await server.call('POST', 'sys/config/delete', { token: admin, body: { ids: [id] } });
    expect(deleted.body).toMatchObject({ code: 1, data: { deleted: 1 } });
    expect(
      await server.database.db
        .select()
        .from(sysConfig)
        .where(inArray(sysConfig.id, [id])),
    ).toHaveLength(0);
    expect((await auditActions('config.delete')).at(-1)).toMatchObject({
      target: 'RENAMED',
      detail: { ids: [id] },
    });
  });

  it('toggles a status and the web config switch follows', async () => {
    const on = await server.call<{ status: number }>('GET', 'sys/config/update/status/46', {
      token: admin,
      lang: 'en',
    });
    expect(on.body).toMatchObject({ code: 1, msg: 'Enabled', data: { status: 1 } });
    const web = await server.call<{ switches: Record<string, boolean> }>('GET', 'app/common/web/config');
    expect(web.body.data!.switches.SMS_BAO).toBe(true);
    const off = await server.call<{ status: number }>('GET', 'sys/config/update/status/46', { token: admin });
    expect(off.body.data!.status).toBe(0);
    expect((await server.call('GET', 'sys/config/update/status/99999', { token: admin })).body.code).toBe(
      404,
    );
    expect((await auditActions('config.status')).map((a) => a.detail)).toEqual([
      { id: 46, status: 1 },
      { id: 46, status: 0 },
    ]);
  });
});
