import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../messages';
import { knownConfigValueSchema } from '../config';
import { alipayConfigSchema } from './alipay';
import { allinpayConfigSchema } from './allinpay';
import { paymentDestinationFields, paymentSecretFields } from './index';

const KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPH';

describe('Alipay and Allinpay configuration', () => {
  it('validates each key on sys/config/update, with the documented endpoints by default', () => {
    expect(knownConfigValueSchema('ALIPAY_CONFIG_KEY')).toBe(alipayConfigSchema);
    expect(knownConfigValueSchema('ALLINPAY_PAY_CONF')).toBe(allinpayConfigSchema);
    expect(alipayConfigSchema.parse({ appId: ' 2021 ', alipayPublicKey: KEY })).toEqual({
      endpoint: 'https://openapi.alipay.com/gateway.do',
      appId: '2021',
      privateKey: '',
      alipayPublicKey: KEY,
      sellerId: '',
    });
    expect(
      allinpayConfigSchema.parse({ cusId: '990581007426001', appId: '00000051', allinpayPublicKey: KEY }),
    ).toEqual({
      endpoint: 'https://vsp.allinpay.com/apiweb/unitorder/pay',
      orgId: '',
      cusId: '990581007426001',
      appId: '00000051',
      privateKey: '',
      allinpayPublicKey: KEY,
      payType: 'W01',
      validMinutes: 30,
    });
  });

  it('takes keys as PEM or bare base64, and refuses anything else', () => {
    const pem = `-----BEGIN PUBLIC KEY-----\n${KEY}\n-----END PUBLIC KEY-----`;
    expect(alipayConfigSchema.safeParse({ appId: '1', alipayPublicKey: pem }).success).toBe(true);
    expect(alipayConfigSchema.safeParse({ appId: '1', alipayPublicKey: 'not a key' }).success).toBe(false);
    expect(alipayConfigSchema.safeParse({ appId: '1', alipayPublicKey: KEY, privateKey: 'x' }).success).toBe(
      false,
    );
    expect(alipayConfigSchema.safeParse({ appId: '1', alipayPublicKey: KEY, sellerId: '2088' }).success).toBe(
      false,
    );
    const allinpay = { cusId: '1', appId: '1', allinpayPublicKey: KEY };
    expect(allinpayConfigSchema.safeParse({ ...allinpay, payType: 'W02' }).success).toBe(false);
    expect(allinpayConfigSchema.safeParse({ ...allinpay, validMinutes: 1441 }).success).toBe(false);
    expect(allinpayConfigSchema.safeParse({ ...allinpay, endpoint: 'vsp.allinpay.com' }).success).toBe(false);
  });

  it('registers the write-only private keys and where they are sent', () => {
    expect(paymentSecretFields()).toMatchObject({
      ALIPAY_CONFIG_KEY: ['privateKey'],
      ALLINPAY_PAY_CONF: ['privateKey'],
    });
    expect(paymentDestinationFields()).toMatchObject({
      ALIPAY_CONFIG_KEY: ['endpoint'],
      ALLINPAY_PAY_CONF: ['endpoint'],
    });
  });

  it('names every field in both languages under its config key', () => {
    const scoped: [string, string[]][] = [
      ['ALIPAY_CONFIG_KEY', Object.keys(alipayConfigSchema.shape)],
      ['ALLINPAY_PAY_CONF', Object.keys(allinpayConfigSchema.shape)],
    ];
    for (const [key, fields] of scoped)
      for (const field of fields)
        for (const lang of ['cn', 'en'] as const) expect(fieldLabel(field, lang, key)).not.toBe(field);
  });
});
