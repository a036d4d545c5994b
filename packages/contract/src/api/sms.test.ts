import { describe, expect, it } from 'vitest';
import { translate } from '../messages';
import {
  checkNotifyConfigUpdate,
  firstEnabledSmsProvider,
  smsBaoConfigSchema,
  smsConfigFormSchema,
  smsTestRequestSchema,
  tencentSmsConfigSchema,
  aliyunSmsConfigSchema,
} from './sms';

const tencent = { sdkappId: '1400000000', secretid: 'AKIDxxx', secretkey: 'key', signname: 'Nimbus' };
const smsBao = { api_addr: 'https://api.smsbao.com', username: 'nimbus', api_key: 'key', signname: 'Nimbus' };

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('SMS provider schemas (spec §5 SMS)', () => {
  it.each([
    ['sdkappId', 'sms.sdkAppIdRequired'],
    ['secretid', 'sms.secretIdRequired'],
    ['secretkey', 'sms.secretKeyRequired'],
    ['signname', 'sms.signNameRequired'],
  ])('Tencent: empty %s → its required message', (field, message) => {
    expect(firstMessage(tencentSmsConfigSchema.safeParse({ ...tencent, [field]: '' }))).toBe(message);
  });

  it('Aliyun needs no app id but the same keys and signature', () => {
    expect(aliyunSmsConfigSchema.safeParse({ ...tencent, sdkappId: '' }).success).toBe(true);
    expect(firstMessage(aliyunSmsConfigSchema.safeParse({ ...tencent, secretid: '' }))).toBe(
      'sms.secretIdRequired',
    );
  });

  it.each([
    ['api_addr', '', 'sms.apiAddrRequired'],
    ['api_addr', 'ftp://api.smsbao.com', 'validation.url'],
    ['username', '', 'sms.usernameRequired'],
    ['api_key', '', 'sms.apiKeyRequired'],
  ])('SMSBao: %s = %j → %s', (field, value, message) => {
    expect(firstMessage(smsBaoConfigSchema.safeParse({ ...smsBao, [field]: value }))).toBe(message);
  });

  it('SMSBao code template must carry {code}', () => {
    const bad = { ...smsBao, templateIds: { code: { content: 'hello' } } };
    expect(firstMessage(smsBaoConfigSchema.safeParse(bad))).toBe('sms.templateNeedsCode');
    const good = smsBaoConfigSchema.parse({
      ...smsBao,
      templateIds: { code: { content: 'code {code}', id: 7, status: '1' } },
    });
    expect(good.templateIds.code).toEqual({
      name: '',
      title: '',
      id: '7',
      status: 1,
      content: 'code {code}',
    });
  });

  it('the form asks for the provider first', () => {
    expect(firstMessage(smsConfigFormSchema.safeParse({ ...tencent }))).toBe('sms.providerRequired');
    expect(smsConfigFormSchema.safeParse({ ...tencent, type: 'SMS_CONFIG_KEY', secretkey: '' }).success).toBe(
      true,
    );
    expect(firstMessage(smsConfigFormSchema.safeParse({ type: 'SMS_BAO', ...smsBao, api_addr: '' }))).toBe(
      'sms.apiAddrRequired',
    );
  });

  it('test request: provider and mobile', () => {
    expect(firstMessage(smsTestRequestSchema.safeParse({ mobile: '13800000000' }))).toBe(
      'sms.providerRequired',
    );
    expect(firstMessage(smsTestRequestSchema.safeParse({ type: 'SMS_BAO', mobile: '' }))).toBe(
      'sms.testMobileRequired',
    );
    expect(firstMessage(smsTestRequestSchema.safeParse({ type: 'SMS_BAO', mobile: '2380000' }))).toBe(
      'validation.mobile',
    );
  });
});

describe('firstEnabledSmsProvider (spec §4)', () => {
  it('takes the first enabled provider in the order 26, 45, 46, whatever the row order', () => {
    const rows = (statuses: [number, number, number]) => [
      { paramKey: 'SMS_BAO', status: statuses[2] },
      { paramKey: 'ALIYUN_SMS_CONFIG_KEY', status: statuses[1] },
      { paramKey: 'SMS_CONFIG_KEY', status: statuses[0] },
      { paramKey: 'MAIL_CONFIG_KEY', status: 1 },
    ];
    expect(firstEnabledSmsProvider(rows([1, 1, 1]))).toBe('SMS_CONFIG_KEY');
    expect(firstEnabledSmsProvider(rows([0, 1, 1]))).toBe('ALIYUN_SMS_CONFIG_KEY');
    expect(firstEnabledSmsProvider(rows([0, 0, 1]))).toBe('SMS_BAO');
    expect(firstEnabledSmsProvider(rows([0, 0, 0]))).toBeUndefined();
  });
});

describe('checkNotifyConfigUpdate (server-side check of sys/config/update)', () => {
  it('ignores other keys', () => {
    expect(checkNotifyConfigUpdate('basic', { anything: 1 })).toBeUndefined();
  });

  it('answers the first message as a whole sentence in either language', () => {
    const check = checkNotifyConfigUpdate('MAIL_CONFIG_KEY', { host: '', username: 'a@b.cn', port: 25 });
    expect(check?.ok).toBe(false);
    if (check && !check.ok) {
      expect(translate(check.messageKey, 'en', check.params)).toBe('SMTP server cannot be empty');
      expect(translate(check.messageKey, 'cn', check.params)).toBe('SMTP 服务器不能为空');
    }
  });

  it('keeps secrets optional on update and normalises the value', () => {
    const check = checkNotifyConfigUpdate('SMS_BAO', { ...smsBao, api_key: '', apiKeySet: true });
    expect(check).toMatchObject({ ok: true, value: { api_key: '', username: 'nimbus', templateIds: {} } });
    expect(check?.ok && 'apiKeySet' in check.value).toBe(false);
  });

  it('names the setting when an issue has no catalogue message', () => {
    const check = checkNotifyConfigUpdate('SMS_CONFIG_KEY', {
      ...tencent,
      templateIds: { code: { status: 'on' } },
    });
    expect(check).toEqual({
      ok: false,
      messageKey: 'notify.invalidField',
      params: { name: 'templateIds.code.status' },
    });
  });
});
