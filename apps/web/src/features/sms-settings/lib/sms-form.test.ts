import { notifyConfigUpdateSchemas, type ConfigRecord } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import {
  fieldSchemaOf,
  initialProvider,
  secretReentryField,
  smsFormFromRecord,
  smsUpdateRequest,
  templatesOf,
} from '@/features/sms-settings/lib/sms-form';

const template = (id: string, content = 'Your code is {code}') => ({
  name: 'code',
  title: 'Code',
  id,
  status: 1,
  content,
});

const tencent: ConfigRecord = {
  id: 26,
  paramKey: 'SMS_CONFIG_KEY',
  paramValue: JSON.stringify({
    sdkappId: '1400000000',
    secretid: 'AKID',
    secretkey: '',
    secretkeySet: true,
    signname: 'Nimbus',
    templateIds: { code: template('123456'), legacy: 'kept?' },
  }),
  remark: 'Tencent Cloud SMS',
  status: 0,
};

describe('initialProvider (spec §4: the first provider whose status is on)', () => {
  it('picks the first enabled provider in the contract order', () => {
    expect(
      initialProvider({
        SMS_CONFIG_KEY: { status: 0 },
        ALIYUN_SMS_CONFIG_KEY: { status: 1 },
        SMS_BAO: { status: 1 },
      }),
    ).toBe('ALIYUN_SMS_CONFIG_KEY');
    expect(initialProvider({ SMS_CONFIG_KEY: { status: 1 }, SMS_BAO: { status: 1 } })).toBe('SMS_CONFIG_KEY');
    expect(initialProvider({ SMS_CONFIG_KEY: { status: 0 }, SMS_BAO: { status: 1 } })).toBe('SMS_BAO');
  });

  it('falls back to the first provider when none is on or nothing loaded', () => {
    expect(
      initialProvider({
        SMS_CONFIG_KEY: { status: 0 },
        ALIYUN_SMS_CONFIG_KEY: { status: 0 },
        SMS_BAO: { status: 0 },
      }),
    ).toBe('SMS_CONFIG_KEY');
    expect(initialProvider({})).toBe('SMS_CONFIG_KEY');
  });
});

describe('smsFormFromRecord', () => {
  it("reads the provider's own fields with the secret blank and flags it as set", () => {
    const state = smsFormFromRecord('SMS_CONFIG_KEY', tencent);
    expect(state.values).toEqual({
      enabled: false,
      sdkappId: '1400000000',
      secretid: 'AKID',
      secretkey: '',
      signname: 'Nimbus',
    });
    expect(state.secretSet).toBe(true);
  });

  it('reads SMSBao fields, and an unknown row as blank', () => {
    const bao = smsFormFromRecord('SMS_BAO', {
      id: 46,
      paramKey: 'SMS_BAO',
      paramValue: JSON.stringify({
        api_addr: 'https://api.smsbao.com',
        username: 'u',
        api_key: '',
        signname: '',
      }),
      remark: '',
      status: 1,
    });
    expect(bao.values).toEqual({
      enabled: true,
      api_addr: 'https://api.smsbao.com',
      username: 'u',
      api_key: '',
      signname: '',
    });
    expect(bao.secretSet).toBe(false);
    expect(smsFormFromRecord('ALIYUN_SMS_CONFIG_KEY', undefined).values).toEqual({
      enabled: false,
      secretid: '',
      secretkey: '',
      signname: '',
    });
  });
});

describe('templatesOf', () => {
  it('gives every kind a row: saved ones as saved, missing ones empty and off', () => {
    const templates = templatesOf({ templateIds: { code: template('1') } });
    expect(Object.keys(templates)).toEqual([
      'code',
      'meal_out',
      'meal_expire',
      'flow_out',
      'flow_expire',
      'work_order',
      'node_check',
    ]);
    expect(templates.code).toEqual(template('1'));
    expect(templates.flow_out).toEqual({ name: 'flow_out', title: '', id: '', status: 0, content: '' });
  });
});

describe('smsUpdateRequest', () => {
  it('keeps the stored secret (blank sent), drops the Set flag and saves status and templates', () => {
    const state = smsFormFromRecord('SMS_CONFIG_KEY', tencent);
    const templates = {
      ...state.templates,
      meal_out: { name: 'meal_out', title: 'Expired', id: '99', status: 1, content: 'x' },
    };
    const request = smsUpdateRequest(
      'SMS_CONFIG_KEY',
      tencent,
      state.stored,
      { ...state.values, enabled: true, signname: ' Nimbus ' },
      templates,
    );
    const sent = JSON.parse(request.paramValue) as Record<string, unknown>;
    expect(request).toMatchObject({ id: 26, paramKey: 'SMS_CONFIG_KEY', status: 1 });
    expect(sent.secretkey).toBe('');
    expect(sent).not.toHaveProperty('secretkeySet');
    expect(sent.signname).toBe('Nimbus');
    expect((sent.templateIds as Record<string, unknown>).meal_out).toEqual(templates.meal_out);
    expect(notifyConfigUpdateSchemas.SMS_CONFIG_KEY.safeParse(sent).success).toBe(true);
  });

  it('sends a newly typed secret', () => {
    const state = smsFormFromRecord('SMS_CONFIG_KEY', tencent);
    const request = smsUpdateRequest(
      'SMS_CONFIG_KEY',
      tencent,
      state.stored,
      { ...state.values, secretkey: 'new-key' },
      state.templates,
    );
    expect((JSON.parse(request.paramValue) as { secretkey: string }).secretkey).toBe('new-key');
  });
});

describe('fieldSchemaOf', () => {
  it('requires a secret only while none is stored, with the spec §5 message', () => {
    const required = fieldSchemaOf('SMS_CONFIG_KEY', 'secretkey', false).safeParse('');
    expect(required.success).toBe(false);
    if (!required.success) expect(required.error.issues[0]?.message).toBe('sms.secretKeyRequired');
    expect(fieldSchemaOf('SMS_CONFIG_KEY', 'secretkey', true).safeParse('').success).toBe(true);
    const apiKey = fieldSchemaOf('SMS_BAO', 'api_key', false).safeParse('');
    if (!apiKey.success) expect(apiKey.error.issues[0]?.message).toBe('sms.apiKeyRequired');
    expect(fieldSchemaOf('SMS_CONFIG_KEY', 'signname', true).safeParse('').success).toBe(false);
  });
});

describe('secretReentryField (the server refuses a kept key sent somewhere new)', () => {
  const baoRow = (value: object): ConfigRecord => ({
    id: 46,
    paramKey: 'SMS_BAO',
    paramValue: JSON.stringify(value),
    remark: '',
    status: 1,
  });
  const bao = { api_addr: 'https://api.smsbao.com', username: 'u', api_key: '', signname: '' };
  const stored = smsFormFromRecord('SMS_BAO', baoRow({ ...bao, api_keySet: true }));
  const nothingStored = smsFormFromRecord('SMS_BAO', baoRow(bao));
  const NEW_ADDR = 'https://sms.example.com';

  it.each<[string, typeof stored, Record<string, unknown>, string | undefined]>([
    ['nothing stored: the required rule applies instead', nothingStored, { api_addr: NEW_ADDR }, undefined],
    ['unchanged', stored, {}, undefined],
    [
      'unchanged once trimmed, as the update sends it',
      stored,
      { api_addr: ' https://api.smsbao.com ' },
      undefined,
    ],
    ['API ADDR changed', stored, { api_addr: NEW_ADDR }, 'api_addr'],
    [
      'API ADDR changed, key only spaces (sent blank)',
      stored,
      { api_addr: NEW_ADDR, api_key: '  ' },
      'api_addr',
    ],
    ['other fields are not destinations', stored, { username: 'v', signname: 'S' }, undefined],
    ['API ADDR changed with a new key typed', stored, { api_addr: NEW_ADDR, api_key: 'k' }, undefined],
  ])('SMSBao: %s', (_name, state, change, expected) => {
    expect(secretReentryField('SMS_BAO', state, { ...state.values, ...change })).toBe(expected);
  });

  it('Tencent and Aliyun have no destination field: their endpoint is the server’s', () => {
    const state = smsFormFromRecord('SMS_CONFIG_KEY', tencent);
    expect(state.secretSet).toBe(true);
    const changed = { ...state.values, sdkappId: '1', secretid: 'other', signname: 'Other' };
    expect(secretReentryField('SMS_CONFIG_KEY', state, changed)).toBeUndefined();
  });
});
