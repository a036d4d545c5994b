import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  startFakeAliyunSms,
  startFakeSmsBao,
  startFakeTencentSms,
  type FakeSmsProvider,
} from '../../integrations/sms/testing/fake-sms-providers';
import { auditLog } from '../../platform/audit/audit.schema';
import { AppError } from '../../platform/http/app-error';
import { configuredCodeSender } from '../notify/code-sender';

const TENCENT = { secretid: 'AKIDnimbusTest', secretkey: 'tencent-secret-key' };
const ALIYUN = { secretid: 'LTAInimbusTest', secretkey: 'aliyun-access-secret' };
const SMSBAO = { username: 'nimbus', api_key: 'smsbao-api-key' };
const IDS = { SMS_CONFIG_KEY: 26, ALIYUN_SMS_CONFIG_KEY: 45, SMS_BAO: 46 } as const;
type ProviderKey = keyof typeof IDS;

let server: TestServer;
let admin: string;
let customer: string;
let tencent: FakeSmsProvider;
let aliyun: FakeSmsProvider;
let smsBao: FakeSmsProvider;

const codeTemplate = (id: string, content: string) => ({
  code: { name: 'code', title: 'Code', id, status: 1, content },
});

const settings = {
  SMS_CONFIG_KEY: () => ({
    sdkappId: '1400012345',
    ...TENCENT,
    signname: 'Nimbus',
    templateIds: codeTemplate('1234567', '验证码{1}'),
  }),
  ALIYUN_SMS_CONFIG_KEY: () => ({
    sdkappId: '',
    ...ALIYUN,
    signname: '尼姆巴斯',
    templateIds: codeTemplate('SMS_71390007', '验证码${code}'),
  }),
  SMS_BAO: () => ({
    api_addr: smsBao.url,
    ...SMSBAO,
    signname: 'Nimbus',
    templateIds: codeTemplate('', '您的验证码是{code}，10分钟内有效。'),
  }),
};

async function save(key: ProviderKey, value: Record<string, unknown>, status?: number) {
  const answer = await server.call('POST', 'sys/config/update', {
    token: admin,
    lang: 'en',
    body: { id: IDS[key], paramKey: key, remark: key, paramValue: JSON.stringify(value), status },
  });
  return answer.body;
}

async function setStatuses(statuses: Record<ProviderKey, 0 | 1>) {
  for (const key of Object.keys(IDS) as ProviderKey[]) {
    expect((await save(key, settings[key](), statuses[key])).code).toBe(1);
  }
}

const smsTest = (type: string, mobile: string, lang: 'cn' | 'en' = 'en', token = admin) =>
  server.call('POST', 'sys/sms/test', { token, lang, body: { type, mobile } });

beforeAll(async () => {
  tencent = await startFakeTencentSms({ [TENCENT.secretid]: TENCENT.secretkey });
  aliyun = await startFakeAliyunSms({ [ALIYUN.secretid]: ALIYUN.secretkey });
  smsBao = await startFakeSmsBao({ [SMSBAO.username]: SMSBAO.api_key });
  server = await startTestServer({
    env: { SMS_TENCENT_ENDPOINT: tencent.url, SMS_ALIYUN_ENDPOINT: aliyun.url },
  });
  admin = await server.login('admin');
  customer = await server.login('customer');
});

afterAll(async () => {
  await server?.close();
  await Promise.all([tencent?.close(), aliyun?.close(), smsBao?.close()]);
});

describe('POST sys/sms/test', () => {
  it('needs an admin and valid input', async () => {
    expect(
      (await server.call('POST', 'sys/sms/test', { body: { type: 'SMS_BAO', mobile: '13800138000' } })).body
        .code,
    ).toBe(401);
    expect((await smsTest('SMS_BAO', '13800138000', 'en', customer)).body.code).toBe(403);
    expect((await smsTest('', '13800138000')).body).toMatchObject({
      code: 400,
      msg: 'Please choose the SMS provider',
    });
    expect((await smsTest('SMS_BAO', 'abc', 'cn')).body).toMatchObject({ code: 400, msg: '手机号格式错误' });
  });

  it.each(Object.keys(IDS) as ProviderKey[])(
    '%s: not configured yet → a clear message, nothing sent',
    async (key) => {
      const answer = await smsTest(key, '13800138000');
      expect(answer.body).toMatchObject({
        code: 400,
        msg: 'This SMS provider is not configured yet: fill in and save its settings first',
      });
      expect(tencent.requests.length + aliyun.requests.length + smsBao.requests.length).toBe(0);
    },
  );

  it('sys/config/update keeps the SMS secrets write-only', async () => {
    expect(await save('SMS_CONFIG_KEY', settings.SMS_CONFIG_KEY())).toMatchObject({ code: 1 });
    const read = await server.call<{ paramValue: string }>('GET', 'sys/config/info2/SMS_CONFIG_KEY', {
      token: admin,
    });
    expect(read.body.data!.paramValue).not.toContain(TENCENT.secretkey);
    // An update that sends the secret back empty keeps the saved one (the next test signs with it).
    expect(await save('SMS_CONFIG_KEY', { ...settings.SMS_CONFIG_KEY(), secretkey: '' })).toMatchObject({
      code: 1,
    });
  });

  it('Tencent: a TC3-signed SendSms with the code template', async () => {
    const answer = await smsTest('SMS_CONFIG_KEY', '13800138000');
    expect(answer.body).toMatchObject({ code: 1, msg: 'Test SMS sent' });
    const request = tencent.requests.at(-1)!;
    expect(request).toMatchObject({
      verified: true,
      mobile: '+8613800138000',
      template: '1234567',
      signName: 'Nimbus',
    });
    expect(request.raw).toMatchObject({ SmsSdkAppId: '1400012345', PhoneNumberSet: ['+8613800138000'] });
    expect(request.params).toEqual([expect.stringMatching(/^\d{6}$/)]);
  });

  it("Tencent: the provider's refusal and a wrong secret are reported", async () => {
    expect((await smsTest('SMS_CONFIG_KEY', '13900000000')).body).toMatchObject({
      code: 400,
      msg: expect.stringContaining('The SMS provider answered an error: LimitExceeded.PhoneNumberDailyLimit'),
    });
    expect(
      await save('SMS_CONFIG_KEY', { ...settings.SMS_CONFIG_KEY(), secretkey: 'not-the-key' }),
    ).toMatchObject({ code: 1 });
    const answer = await smsTest('SMS_CONFIG_KEY', '13800138000', 'cn');
    expect(answer.body.msg).toContain('短信服务商返回错误：AuthFailure.SignatureFailure');
    expect(tencent.requests.at(-1)!.verified).toBe(false);
  });

  it('Aliyun: an RPC-signed SendSms with TemplateParam {code}', async () => {
    expect(await save('ALIYUN_SMS_CONFIG_KEY', settings.ALIYUN_SMS_CONFIG_KEY())).toMatchObject({ code: 1 });
    const answer = await smsTest('ALIYUN_SMS_CONFIG_KEY', '13800138000');
    expect(answer.body).toMatchObject({ code: 1, msg: 'Test SMS sent' });
    const request = aliyun.requests.at(-1)!;
    expect(request).toMatchObject({
      verified: true,
      mobile: '13800138000',
      template: 'SMS_71390007',
      signName: '尼姆巴斯',
    });
    expect(request.params).toEqual({ code: expect.stringMatching(/^\d{6}$/) });
    expect(request.raw).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      SignatureMethod: 'HMAC-SHA1',
      Format: 'JSON',
    });
  });

  it("Aliyun: the provider's refusal and a wrong secret are reported", async () => {
    expect((await smsTest('ALIYUN_SMS_CONFIG_KEY', '13900000000')).body.msg).toBe(
      'The SMS provider answered an error: isv.BUSINESS_LIMIT_CONTROL 触发分钟级流控Permits:1',
    );
    expect(
      await save('ALIYUN_SMS_CONFIG_KEY', { ...settings.ALIYUN_SMS_CONFIG_KEY(), secretkey: 'wrong' }),
    ).toMatchObject({ code: 1 });
    expect((await smsTest('ALIYUN_SMS_CONFIG_KEY', '13800138000')).body.msg).toContain(
      'SignatureDoesNotMatch',
    );
  });

  it('SMSBao: md5 key digest and 【signature】content', async () => {
    expect(await save('SMS_BAO', settings.SMS_BAO())).toMatchObject({ code: 1 });
    expect((await smsTest('SMS_BAO', '13800138000')).body).toMatchObject({ code: 1 });
    const request = smsBao.requests.at(-1)!;
    expect(request).toMatchObject({ verified: true, mobile: '13800138000', signName: 'Nimbus' });
    expect(request.params).toMatch(/^【Nimbus】您的验证码是\d{6}，10分钟内有效。$/);
    expect(request.raw.p).toBe(crypto.createHash('md5').update(SMSBAO.api_key).digest('hex'));
  });

  it('SMSBao: answer codes become readable errors', async () => {
    expect((await smsTest('SMS_BAO', '13900000000')).body).toMatchObject({
      code: 400,
      msg: 'SMSBao: insufficient balance',
    });
    expect(await save('SMS_BAO', { ...settings.SMS_BAO(), api_key: 'wrong' })).toMatchObject({ code: 1 });
    expect((await smsTest('SMS_BAO', '13800138000', 'cn')).body.msg).toBe('短信宝：密码（API KEY）错误');
    expect(await save('SMS_BAO', { ...settings.SMS_BAO(), username: 'nobody' })).toMatchObject({ code: 1 });
    expect((await smsTest('SMS_BAO', '13800138000')).body.msg).toBe('SMSBao: the account does not exist');
  });

  it('an unreachable provider is named by its address', async () => {
    expect(await save('SMS_BAO', { ...settings.SMS_BAO(), api_addr: 'http://127.0.0.1:9' })).toMatchObject({
      code: 1,
    });
    expect((await smsTest('SMS_BAO', '13800138000')).body.msg).toBe(
      'Cannot reach the SMS provider at http://127.0.0.1:9',
    );
  });

  it('every test send is audited, successful or not', async () => {
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'sms.test'));
    expect(rows.some((r) => r.success && r.target === 'SMS_CONFIG_KEY')).toBe(true);
    expect(rows.some((r) => !r.success && r.target === 'SMS_BAO')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(SMSBAO.api_key);
  });
});

describe('verification codes by SMS (configuredCodeSender)', () => {
  const send = (mobile: string, code: string) =>
    configuredCodeSender(server.database.db, server.config.smsEndpoints).send('sms', mobile, code, 'cn');

  it('refuses when no provider is switched on', async () => {
    await setStatuses({ SMS_CONFIG_KEY: 0, ALIYUN_SMS_CONFIG_KEY: 0, SMS_BAO: 0 });
    const error = await send('13800138000', '111111').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).messageKey).toBe('notify.smsNotConfigured');
  });

  it('uses the first enabled provider in the order 26, 45, 46', async () => {
    const counts = () => [tencent.requests.length, aliyun.requests.length, smsBao.requests.length];

    await setStatuses({ SMS_CONFIG_KEY: 0, ALIYUN_SMS_CONFIG_KEY: 1, SMS_BAO: 1 });
    let before = counts();
    await send('13800138001', '222222');
    expect(counts()).toEqual([before[0], before[1]! + 1, before[2]]);
    expect(aliyun.requests.at(-1)).toMatchObject({
      verified: true,
      mobile: '13800138001',
      params: { code: '222222' },
    });

    await setStatuses({ SMS_CONFIG_KEY: 1, ALIYUN_SMS_CONFIG_KEY: 1, SMS_BAO: 1 });
    before = counts();
    await send('13800138002', '333333');
    expect(counts()).toEqual([before[0]! + 1, before[1], before[2]]);
    expect(tencent.requests.at(-1)).toMatchObject({
      verified: true,
      mobile: '+8613800138002',
      params: ['333333'],
    });

    await setStatuses({ SMS_CONFIG_KEY: 0, ALIYUN_SMS_CONFIG_KEY: 0, SMS_BAO: 1 });
    before = counts();
    await send('13800138003', '444444');
    expect(counts()).toEqual([before[0], before[1], before[2]! + 1]);
    expect(smsBao.requests.at(-1)!.params).toBe('【Nimbus】您的验证码是444444，10分钟内有效。');
  });

  it('an enabled provider without a usable code template says so', async () => {
    const noTemplate = { ...settings.SMS_CONFIG_KEY(), templateIds: codeTemplate('', '验证码{1}') };
    expect(await save('SMS_CONFIG_KEY', noTemplate, 1)).toMatchObject({ code: 1 });
    const error = await send('13800138000', '555555').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as AppError).messageKey).toBe('sms.codeTemplateMissing');
  });
});
