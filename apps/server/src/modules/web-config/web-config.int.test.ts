import { eq } from 'drizzle-orm';
import { FEATURE_SWITCH_KEYS, WEB_CONFIG_DEFAULTS, type WebConfig } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { sysConfig } from '../config/config.schema';
import { platformUtcOffset } from './web-config.service';

let server: TestServer;
let admin: string;
let customer: string;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: false });
  admin = await server.login('admin');
  customer = await server.login('customer');
});
afterAll(() => server.close());

const webConfig = async () => (await server.call<WebConfig>('GET', 'app/common/web/config')).body.data!;
const rows = () => server.database.db.select().from(sysConfig).orderBy(sysConfig.id);

describe('GET app/common/web/config', () => {
  it('answers without a token, with every section at its default and every switch off', async () => {
    const answer = await server.call<WebConfig>('GET', 'app/common/web/config', { lang: 'en' });
    expect(answer.body).toMatchObject({ code: 1, msg: 'Operation successful' });
    const data = answer.body.data!;
    expect(data.basic).toEqual(WEB_CONFIG_DEFAULTS.basic);
    expect(data.power).toEqual({
      realName: 0,
      bindMobile: 0,
      stopWork: 0,
      register: 0,
      registerCommon: 1,
      disabledCrud: 0,
    });
    // The test harness turns the plan rule off (a real install has it on: WEB_CONFIG_DEFAULTS).
    expect(data.price).toEqual({
      unit: '¥',
      currency: 'CNY',
      orderTimeoutMinutes: 30,
      rechargeMinimum: 5,
      verificationFee: 0,
      planRequired: 0,
      trafficNoticePercent: 80,
      trafficOverage: 0,
    });
    expect(data.custom).toEqual({ rewrite: 1, verify: 1, force: 1, 'access-token': 1 });
    // Issue 22 §2: only fields with an effect (the footer's home link); no API root, no sync registration.
    expect(data.otherSite).toEqual({ siteUrl: '' });
    expect(Object.keys(data.switches).sort()).toEqual([...FEATURE_SWITCH_KEYS].sort());
    expect(Object.values(data.switches).every((on) => on === false)).toBe(true);
    expect(Object.keys(data).sort()).toEqual([
      'basic',
      'contact',
      'custom',
      'dns_rewrite',
      'otherSite',
      'power',
      'price',
      'seo',
      'switches',
    ]);
  });

  it('never carries a provider secret, and reports switches from row status', async () => {
    await server.database.db
      .update(sysConfig)
      .set({
        paramValue: JSON.stringify({
          api_addr: 'https://sms.example.com',
          username: 'u',
          api_key: 'smsbao-secret-xyz',
        }),
        status: 1,
      })
      .where(eq(sysConfig.paramKey, 'SMS_BAO'));
    const answer = await server.call('GET', 'app/common/web/config');
    expect(JSON.stringify(answer.body)).not.toContain('smsbao-secret-xyz');
    expect((answer.body.data as WebConfig).switches).toMatchObject({ SMS_BAO: true, SMS_CONFIG_KEY: false });
  });

  it('reads an otherSite row stored before apiRootPath and syncRegister were dropped without them', async () => {
    await server.database.db
      .update(sysConfig)
      .set({
        paramValue: JSON.stringify({
          siteUrl: 'https://www.example.com',
          apiRootPath: '/x',
          syncRegister: 1,
        }),
      })
      .where(eq(sysConfig.paramKey, 'otherSite'));
    expect((await webConfig()).otherSite).toEqual({ siteUrl: 'https://www.example.com' });
  });

  it('falls back field by field when a stored section is damaged', async () => {
    await server.database.db
      .update(sysConfig)
      .set({ paramValue: JSON.stringify({ ...WEB_CONFIG_DEFAULTS.seo, title: 42, keywords: 'cdn,dns' }) })
      .where(eq(sysConfig.paramKey, 'seo'));
    const data = await webConfig();
    expect(data.seo).toEqual({ ...WEB_CONFIG_DEFAULTS.seo, keywords: 'cdn,dns' });
  });
});

describe('POST sys/config/web/save', () => {
  const save = (body: unknown, token = admin, lang: 'cn' | 'en' = 'en') =>
    server.call<WebConfig>('POST', 'sys/config/web/save', { token, body, lang });

  it('refuses without an admin token, whatever the body, and writes nothing', async () => {
    const before = await rows();
    const body = { section: 'basic', value: { ...WEB_CONFIG_DEFAULTS.basic, webName: 'Hacked' } };
    expect((await server.call('POST', 'sys/config/web/save', { body })).body.code).toBe(401);
    expect((await save(body, customer)).body.code).toBe(403);
    expect((await save({ section: 'nope' }, customer)).body.code).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it('saves one section, answers the new web config and audits the changed fields', async () => {
    const value = {
      ...WEB_CONFIG_DEFAULTS.contact,
      email: 'support@example.com',
      qq: '10001',
      company: ' Acme Ltd ',
    };
    const answer = await save({ section: 'contact', value });
    expect(answer.body).toMatchObject({ code: 1, msg: 'Saved successfully' });
    expect(answer.body.data!.contact).toEqual({ ...value, company: 'Acme Ltd' });
    expect((await webConfig()).contact.email).toBe('support@example.com');
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'webconfig.save'));
    expect(audit).toMatchObject({
      actorKind: 'admin',
      target: 'contact',
      detail: { changed: ['company', 'email', 'qq'] },
    });
  });

  it.each([
    ['basic', { ...WEB_CONFIG_DEFAULTS.basic, webName: '' }, 'en', 'Site name cannot be empty'],
    ['basic', { ...WEB_CONFIG_DEFAULTS.basic, webName: '' }, 'cn', '网站名称不能为空'],
    [
      'basic',
      { ...WEB_CONFIG_DEFAULTS.basic, favicon: 'javascript:alert(1)' },
      'en',
      'Favicon must be an image address',
    ],
    ['power', { ...WEB_CONFIG_DEFAULTS.power, register: 3 }, 'en', 'Disable registration is invalid'],
    ['contact', { ...WEB_CONFIG_DEFAULTS.contact, email: 'not-an-email' }, 'en', 'E-mail format error'],
    ['price', { unit: '' }, 'en', 'Price unit cannot be empty'],
    ['custom', { rewrite: 1, verify: 1, force: 1 }, 'en', 'Access token entry cannot be empty'],
    ['secrets', {}, 'en', 'Unknown web config section'],
  ] as const)(
    'refuses a bad %s section with a message naming the field (%s: %s)',
    async (section, value, lang, message) => {
      const before = await rows();
      const answer = await save({ section, value }, admin, lang);
      expect(answer.body.code).toBe(400);
      expect(answer.body.msg).toContain(message);
      expect(await rows()).toEqual(before);
    },
  );

  it('saves otherSite without the dropped apiRootPath and syncRegister', async () => {
    const answer = await save({
      section: 'otherSite',
      value: { siteUrl: 'https://www.example.com', apiRootPath: '/prod-api', syncRegister: 1 },
    });
    expect(answer.body.data!.otherSite).toEqual({ siteUrl: 'https://www.example.com' });
    const [row] = await server.database.db
      .select()
      .from(sysConfig)
      .where(eq(sysConfig.paramKey, 'otherSite'));
    expect(JSON.parse(row!.paramValue)).toEqual({ siteUrl: 'https://www.example.com' });
  });

  it('keeps the footer terms address, and refuses one that is not a web address', async () => {
    const basic = { ...WEB_CONFIG_DEFAULTS.basic, termsUrl: 'https://example.com/terms' };
    const saved = await save({ section: 'basic', value: basic });
    expect(saved.body.code).toBe(1);
    expect(saved.body.data?.basic.termsUrl).toBe('https://example.com/terms');
    const bad = await save({ section: 'basic', value: { ...basic, termsUrl: 'javascript:alert(1)' } });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('URL') });
    const current = await server.call<WebConfig>('GET', 'app/common/web/config');
    expect(current.body.data?.basic.termsUrl).toBe('https://example.com/terms');
  });

  it('keeps the display time zone; a basic row saved before it existed reads +8 h (spec §9)', async () => {
    const saved = await save({
      section: 'basic',
      value: { ...WEB_CONFIG_DEFAULTS.basic, utcOffsetMinutes: -300 },
    });
    expect(saved.body.data?.basic.utcOffsetMinutes).toBe(-300);
    expect((await webConfig()).basic.utcOffsetMinutes).toBe(-300);
    expect(await platformUtcOffset(server.database.db)).toBe(-300);
    const bad = await save({
      section: 'basic',
      value: { ...WEB_CONFIG_DEFAULTS.basic, utcOffsetMinutes: 7 },
    });
    expect(bad.body.code).toBe(400);

    const { utcOffsetMinutes: _, ...older } = WEB_CONFIG_DEFAULTS.basic;
    await server.database.db
      .update(sysConfig)
      .set({ paramValue: JSON.stringify(older) })
      .where(eq(sysConfig.paramKey, 'basic'));
    expect((await webConfig()).basic.utcOffsetMinutes).toBe(480);
    expect(await platformUtcOffset(server.database.db)).toBe(480);
  });

  it('custom flags saved here drive the menu filter input', async () => {
    const answer = await save({
      section: 'custom',
      value: { rewrite: 0, verify: 1, force: 1, 'access-token': 0 },
    });
    expect(answer.body.data!.custom).toEqual({ rewrite: 0, verify: 1, force: 1, 'access-token': 0 });
  });
});

describe('OpenAPI', () => {
  it('documents the config, web config, menu and message routes from the contract schemas', async () => {
    const answer = await server.call('GET', 'docs/openapi.json');
    expect(answer.status).toBe(200);
    const documented = Object.keys((answer.body as unknown as { paths: Record<string, unknown> }).paths);
    expect(documented).toEqual(
      expect.arrayContaining([
        '/api/app/common/web/config',
        '/api/sys/config/web/save',
        '/api/sys/config/list',
        '/api/sys/config/info/{id}',
        '/api/sys/config/update',
        '/api/app/menu/nav',
        '/api/app/account/message/list',
        '/api/sys/message/publish',
      ]),
    );
  });
});
