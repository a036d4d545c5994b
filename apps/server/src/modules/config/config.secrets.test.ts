import { describe, expect, it } from 'vitest';
import {
  mergeSecrets,
  redactParamValue,
  redactSecrets,
  secretFieldsOf,
  secretProblem,
} from './config.secrets';

describe('secretFieldsOf', () => {
  it.each<[string, unknown, string[]]>([
    ['MAIL_CONFIG_KEY', { host: 'h', password: 'p' }, ['password']],
    ['MAIL_CONFIG_KEY', {}, ['password']],
    ['SMS_CONFIG_KEY', { secretid: 'id', secretkey: 'k' }, ['secretkey']],
    ['ALIYUN_SMS_CONFIG_KEY', { secretkey: 'k' }, ['secretkey']],
    ['SMS_BAO', { username: 'u', api_key: 'k' }, ['api_key']],
    ['CDN_NODECHECK_KEY', { mailNotice: 'a@b.c' }, []],
    ['basic', { webName: 'x', password: 'looks secret but is a web section' }, []],
    ['custom', { 'access-token': 1 }, []],
    [
      'WXPAY_CONFIG_KEY',
      { mchId: '1', apiKey: 'k', privateKey: 'p', notifyUrl: 'u' },
      // Registered by its gateway (contract payment-gateways/wechat.ts): names are not guessed.
      ['privateKey', 'apiV3Key'],
    ],
    ['MY_NEW_KEY', { clientSecret: 's', token: 't', name: 'n', tokenSet: true }, ['clientSecret', 'token']],
    ['MY_NEW_KEY', [1, 2], []],
  ])('%s %j → %j', (key, value, expected) => {
    expect(secretFieldsOf(key, value)).toEqual(expected);
  });
});

describe('redactSecrets', () => {
  it('blanks a set secret and flags it', () => {
    expect(redactSecrets('MAIL_CONFIG_KEY', { host: 'smtp.example.com', password: 'hunter2' })).toEqual({
      host: 'smtp.example.com',
      password: '',
      passwordSet: true,
    });
  });

  it('flags an unset secret as not set', () => {
    expect(redactSecrets('SMS_BAO', { username: 'u', api_key: '' })).toEqual({
      username: 'u',
      api_key: '',
      api_keySet: false,
    });
  });

  it('leaves values without secrets and non-objects alone', () => {
    expect(redactSecrets('basic', { webName: 'Nimbus' })).toEqual({ webName: 'Nimbus' });
    expect(redactSecrets('MAIL_CONFIG_KEY', 'text')).toBe('text');
  });

  it('redacts JSON text, and never returns the secret inside it', () => {
    const text = redactParamValue(
      'SMS_CONFIG_KEY',
      JSON.stringify({ secretid: 'AKID', secretkey: 'very-secret' }),
    );
    expect(text).not.toContain('very-secret');
    expect(JSON.parse(text)).toEqual({ secretid: 'AKID', secretkey: '', secretkeySet: true });
    expect(redactParamValue('SMS_CONFIG_KEY', 'not json')).toBe('not json');
  });
});

describe('mergeSecrets', () => {
  const stored = { host: 'old-host', password: 'stored-pass' };

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'empty secret keeps the stored one',
      { host: 'new', password: '' },
      { host: 'new', password: 'stored-pass' },
    ],
    ['absent secret keeps the stored one', { host: 'new' }, { host: 'new', password: 'stored-pass' }],
    [
      'null secret keeps the stored one',
      { host: 'new', password: null },
      { host: 'new', password: 'stored-pass' },
    ],
    ['a new secret replaces it', { host: 'new', password: 'fresh' }, { host: 'new', password: 'fresh' }],
    [
      'the Set flag a form read back is dropped',
      { host: 'new', password: '', passwordSet: true },
      { host: 'new', password: 'stored-pass' },
    ],
  ])('%s', (_name, incoming, expected) => {
    expect(mergeSecrets('MAIL_CONFIG_KEY', incoming, stored)).toEqual(expected);
  });

  it('keeps a gateway key’s credential fields', () => {
    expect(
      mergeSecrets(
        'STRIPE_PAY_CONF',
        { publishable: 'pk', secretKey: '' },
        { publishable: 'old', secretKey: 'sk_live' },
      ),
    ).toEqual({
      publishable: 'pk',
      secretKey: 'sk_live',
    });
  });

  it('with nothing stored an empty secret stays empty', () => {
    expect(mergeSecrets('SMS_BAO', { api_key: '' }, undefined)).toEqual({ api_key: '' });
  });
});

describe('secretProblem', () => {
  const stored = { host: 'smtp.a.example', port: 465, username: 'a@a.example', password: 'p', templates: {} };

  it.each<[string, string, unknown, unknown, ReturnType<typeof secretProblem>]>([
    ['nothing changed, secret kept', 'MAIL_CONFIG_KEY', { ...stored, password: '' }, stored, undefined],
    [
      'template changed, secret kept',
      'MAIL_CONFIG_KEY',
      { ...stored, password: '', templates: { code: {} } },
      stored,
      undefined,
    ],
    [
      'host changed with a new secret',
      'MAIL_CONFIG_KEY',
      { ...stored, host: 'x.example', password: 'q' },
      stored,
      undefined,
    ],
    [
      'host changed, secret blank',
      'MAIL_CONFIG_KEY',
      { ...stored, host: 'x.example', password: '' },
      stored,
      {
        messageKey: 'config.secretReentry',
        params: {
          changed: { field: 'host', scope: 'MAIL_CONFIG_KEY' },
          secret: { field: 'password', scope: 'MAIL_CONFIG_KEY' },
        },
      },
    ],
    [
      'port changed, secret absent',
      'MAIL_CONFIG_KEY',
      { host: stored.host, port: 25, username: stored.username },
      stored,
      expect.objectContaining({ messageKey: 'config.secretReentry' }),
    ],
    [
      'nothing stored, secret blank',
      'SMS_BAO',
      { api_addr: 'https://api.smsbao.com', api_key: '' },
      { api_addr: 'https://api.smsbao.com', api_key: '' },
      { messageKey: 'sms.apiKeyRequired', params: { field: { field: 'api_key', scope: 'SMS_BAO' } } },
    ],
    [
      'Tencent has no destination field',
      'SMS_CONFIG_KEY',
      { secretid: 'other', secretkey: '' },
      { secretid: 'id', secretkey: 'k' },
      undefined,
    ],
    [
      'unregistered key: an address-like field moved',
      'MY_PAY',
      { notifyUrl: 'https://b.example', token: '' },
      { notifyUrl: 'https://a.example', token: 't' },
      expect.objectContaining({
        params: expect.objectContaining({ changed: { field: 'notifyUrl', scope: 'MY_PAY' } }),
      }),
    ],
    ['unregistered key: a blank secret with none stored is allowed', 'MY_PAY', { token: '' }, {}, undefined],
    [
      'web config sections have no secrets',
      'basic',
      { webName: 'x', password: '' },
      { password: 'p' },
      undefined,
    ],
  ])('%s', (_name, key, incoming, before, expected) => {
    expect(secretProblem(key, incoming, before)).toEqual(expected);
  });
});
