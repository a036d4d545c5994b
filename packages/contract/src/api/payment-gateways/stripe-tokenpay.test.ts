import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../messages';
import { knownConfigValueSchema } from '../config';
import { paymentDestinationFields, paymentSecretFields } from './index';
import { stripeConfigSchema } from './stripe';
import { tokenpayConfigSchema } from './tokenpay';

describe('Stripe and TokenPay configuration', () => {
  it('validates each key on sys/config/update, with its defaults', () => {
    expect(knownConfigValueSchema('STRIPE_PAY_CONF')).toBe(stripeConfigSchema);
    expect(knownConfigValueSchema('TOKEN_PAY_CONF')).toBe(tokenpayConfigSchema);
    expect(stripeConfigSchema.parse({})).toEqual({
      endpoint: 'https://api.stripe.com',
      secretKey: '',
      webhookSecret: '',
    });
    expect(tokenpayConfigSchema.parse({ endpoint: 'https://pay.example.com' })).toEqual({
      endpoint: 'https://pay.example.com',
      apiToken: '',
      currency: 'USDT_TRC20',
      baseCurrency: 'CNY',
    });
  });

  it('refuses keys, currencies and addresses that cannot be right', () => {
    const stripe = (value: Record<string, string>) => stripeConfigSchema.safeParse(value).success;
    expect(stripe({ secretKey: 'sk_live_51Habc', webhookSecret: 'whsec_abc+/=' })).toBe(true);
    expect(stripe({ secretKey: 'rk_test_51Habc' })).toBe(true);
    expect(stripe({ secretKey: 'pk_live_51Habc' })).toBe(false);
    expect(stripe({ webhookSecret: 'abc' })).toBe(false);
    const tokenpay = (value: Record<string, string>) =>
      tokenpayConfigSchema.safeParse({ endpoint: 'https://pay.example.com', ...value }).success;
    expect(tokenpay({ currency: 'EVM_BSC_USDT_BEP20', baseCurrency: 'USD' })).toBe(true);
    expect(tokenpay({ currency: 'USDT TRC20' })).toBe(false);
    expect(tokenpay({ baseCurrency: 'JPY' })).toBe(false);
    expect(tokenpayConfigSchema.safeParse({}).success).toBe(false);
  });

  it('registers the write-only secrets and where they are sent', () => {
    expect(paymentSecretFields()).toMatchObject({
      STRIPE_PAY_CONF: ['secretKey', 'webhookSecret'],
      TOKEN_PAY_CONF: ['apiToken'],
    });
    expect(paymentDestinationFields()).toMatchObject({
      STRIPE_PAY_CONF: ['endpoint'],
      TOKEN_PAY_CONF: ['endpoint'],
    });
  });

  it('names every field in both languages under its config key', () => {
    const scoped: [string, string[]][] = [
      ['STRIPE_PAY_CONF', Object.keys(stripeConfigSchema.shape)],
      ['TOKEN_PAY_CONF', Object.keys(tokenpayConfigSchema.shape)],
    ];
    for (const [key, fields] of scoped)
      for (const field of fields)
        for (const lang of ['cn', 'en'] as const) expect(fieldLabel(field, lang, key)).not.toBe(field);
  });
});
