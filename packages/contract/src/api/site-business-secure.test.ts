import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from '../messages';
import {
  BUSINESS_SECURE_LIMITS,
  businessSecureSettingsSchema,
  rateLimitPathValues,
  rateLimitRuleSchema,
} from './site-business-secure';
import { siteServingSettingsSchema, siteSettingsSaveRequestSchema } from './site-settings';
import { WAF_ACTIONS } from './waf';

const rule = (value: Record<string, unknown>) => rateLimitRuleSchema.safeParse({ rate: 10, ...value });

/** The first issue's key and its English text, as the server sends it. */
function firstMessage(result: { success: boolean; error?: { issues: unknown[] } }) {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0] as { message: string; path: PropertyKey[] };
  expect(isMessageKey(issue.message)).toBe(true);
  return {
    path: issue.path,
    key: issue.message,
    text: translate(issue.message as never, 'en', { field: 'F' }),
  };
}

describe('businessSecure', () => {
  it('is off by default, and a saved document without it reads so', () => {
    expect(businessSecureSettingsSchema.parse({})).toEqual({
      rateLimits: [],
      ccLevel: 'off',
      ccVerification: 'sensorless',
    });
    expect(siteServingSettingsSchema.parse({ backsource: {} }).businessSecure.ccLevel).toBe('off');
  });

  it('saves as its own section', () => {
    const saved = siteSettingsSaveRequestSchema.safeParse({
      id: 1,
      section: 'businessSecure',
      value: { ccLevel: 'attack', ccVerification: 'click-number', rateLimits: [{ path: '/api', rate: 5 }] },
    });
    expect(saved.success).toBe(true);
  });

  it('fills a rule’s defaults and drops a ban time the action does not use', () => {
    const parsed = rule({ banSeconds: 60 });
    expect(parsed.success && parsed.data).toEqual({
      match: 'prefix',
      path: '/',
      rate: 10,
      unit: 'second',
      burst: 0,
      action: 'reject',
      banSeconds: 0,
    });
    const ban = rule({ action: 'ban', banSeconds: 3 });
    expect(ban.success && ban.data.banSeconds).toBe(3);
  });

  it('checks paths with the WAF’s own rules: prefixes start with /, regexes are edge-safe', () => {
    expect(rateLimitPathValues('prefix', '/API|/Login')).toEqual(['/api', '/login']);
    expect(firstMessage(rule({ path: 'api' }))).toMatchObject({
      path: ['path'],
      key: 'businessSecure.pathPrefix',
    });
    expect(firstMessage(rule({ path: '/a||/b' })).key).toBe('businessSecure.pathPrefix');
    expect(rule({ match: 'regex', path: '^/api/v[0-9]+/' }).success).toBe(true);
    for (const hostile of ['^/a"b', '(a)\\1', '(?<=a)b', '^/a b', '/a\n/b'])
      expect(firstMessage(rule({ match: 'regex', path: hostile })).key).toBe('businessSecure.pathRegex');
    expect(firstMessage(rule({ path: `/${'a'.repeat(BUSINESS_SECURE_LIMITS.pathMax)}` })).key).toBe(
      'businessSecure.pathPrefix',
    );
  });

  it('refuses rates, bursts and bans out of range with messages that name the field', () => {
    expect(firstMessage(rule({ rate: 0 }))).toMatchObject({ key: 'businessSecure.rate', path: ['rate'] });
    expect(firstMessage(rule({ rate: 100_001 })).text).toBe('F must be a whole number from 1 to 100000');
    expect(firstMessage(rule({ burst: -1 })).key).toBe('businessSecure.burst');
    expect(firstMessage(rule({ action: 'ban' }))).toMatchObject({
      key: 'businessSecure.banSeconds',
      path: ['banSeconds'],
    });
    expect(firstMessage(rule({ action: 'ban', banSeconds: 86_401 })).key).toBe('businessSecure.banSeconds');
    expect(rule({ action: 'drop' }).success).toBe(false);
    expect(rule({ unit: 'hour' }).success).toBe(false);
  });

  it('takes at most 20 rules, and known levels and verification kinds only', () => {
    const many = Array.from({ length: 21 }, () => ({ path: '/', rate: 1 }));
    expect(firstMessage(businessSecureSettingsSchema.safeParse({ rateLimits: many })).key).toBe(
      'siteSettings.tooMany',
    );
    expect(businessSecureSettingsSchema.safeParse({ ccLevel: 'panic' }).success).toBe(false);
    expect(businessSecureSettingsSchema.safeParse({ ccVerification: 'captcha' }).success).toBe(false);
  });

  it('makes the two verification kinds WAF actions too', () => {
    expect(WAF_ACTIONS).toEqual(expect.arrayContaining(['sensorless', 'click-number']));
  });

  it('has every message in both languages', () => {
    for (const key of [
      'businessSecure.rate',
      'businessSecure.burst',
      'businessSecure.banSeconds',
      'businessSecure.pathPrefix',
      'businessSecure.pathRegex',
      'field.rateLimits',
      'field.ccLevel',
      'field.ccVerification',
      'field.banSeconds',
      'field.burst',
    ])
      for (const lang of ['cn', 'en'] as const)
        expect(translate(key as never, lang, { field: 'F' })).not.toBe('');
  });
});
