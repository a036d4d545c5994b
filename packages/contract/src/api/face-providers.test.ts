import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../messages';
import { knownConfigValueSchema } from './config';
import {
  alipayCertifyConfigSchema,
  faceConfigDestinationFields,
  faceConfigSecretFields,
  tencentFaceConfigSchema,
} from './face-providers';

describe('face provider configuration', () => {
  it('validates each provider key on sys/config/update, defaults filled', () => {
    expect(knownConfigValueSchema('TENCENTUSERCERTIFY_CONFIG_KEY')).toBe(tencentFaceConfigSchema);
    expect(knownConfigValueSchema('ALIPAYUSERCERTIFY_CONFIG_KEY')).toBe(alipayCertifyConfigSchema);
    expect(tencentFaceConfigSchema.parse({ secretId: ' AKID ', ruleId: '1' })).toEqual({
      secretId: 'AKID',
      secretKey: '',
      ruleId: '1',
      region: '',
      endpoint: 'https://faceid.tencentcloudapi.com',
    });
    expect(alipayCertifyConfigSchema.parse({ appId: '2021', alipayPublicKey: 'MIIB' })).toMatchObject({
      privateKey: '',
      endpoint: 'https://openapi.alipay.com/gateway.do',
    });
    expect(tencentFaceConfigSchema.safeParse({ secretId: 'AKID' }).success).toBe(false);
    expect(
      alipayCertifyConfigSchema.safeParse({ appId: '2021', alipayPublicKey: 'k', endpoint: 'x' }).success,
    ).toBe(false);
  });

  it('registers the write-only secrets and where they go, by config key', () => {
    expect(faceConfigSecretFields()).toEqual({
      TENCENTUSERCERTIFY_CONFIG_KEY: ['secretKey'],
      ALIPAYUSERCERTIFY_CONFIG_KEY: ['privateKey'],
    });
    expect(faceConfigDestinationFields()).toEqual({
      TENCENTUSERCERTIFY_CONFIG_KEY: ['endpoint'],
      ALIPAYUSERCERTIFY_CONFIG_KEY: ['endpoint'],
    });
  });

  it('names every field in both languages under its config key', () => {
    const scoped: [string, string[]][] = [
      ['TENCENTUSERCERTIFY_CONFIG_KEY', Object.keys(tencentFaceConfigSchema.shape)],
      ['ALIPAYUSERCERTIFY_CONFIG_KEY', Object.keys(alipayCertifyConfigSchema.shape)],
    ];
    for (const [key, fields] of scoped)
      for (const field of fields)
        for (const lang of ['cn', 'en'] as const) expect(fieldLabel(field, lang, key)).not.toBe(field);
  });
});
