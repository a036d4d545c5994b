import type { z } from 'zod';
import { PAYMENT_GATEWAYS, type PaymentGatewayName } from '../payment';
import { ALIPAY_SECRET_FIELDS, alipayConfigSchema } from './alipay';
import { ALLINPAY_SECRET_FIELDS, allinpayConfigSchema } from './allinpay';
import { EASYPAY_SECRET_FIELDS, easypayConfigSchema } from './easypay';
import { STRIPE_SECRET_FIELDS, stripeConfigSchema } from './stripe';
import { TOKENPAY_SECRET_FIELDS, tokenpayConfigSchema } from './tokenpay';
import { WECHAT_PAY_SECRET_FIELDS, wechatPayConfigSchema } from './wechat';

export * from './alipay';
export * from './allinpay';
export * from './easypay';
export * from './stripe';
export * from './tokenpay';
export * from './wechat';

/**
 * Each gateway's configuration (the value of its system config key) and its write-only fields.
 * A gateway is offered to customers when its key is switched on and its value is complete.
 */
export const PAYMENT_CONFIG: Partial<
  Record<PaymentGatewayName, { schema: z.ZodType; secretFields: readonly string[] }>
> = {
  easypay: { schema: easypayConfigSchema, secretFields: EASYPAY_SECRET_FIELDS },
  wechat: { schema: wechatPayConfigSchema, secretFields: WECHAT_PAY_SECRET_FIELDS },
  alipay: { schema: alipayConfigSchema, secretFields: ALIPAY_SECRET_FIELDS },
  allinpay: { schema: allinpayConfigSchema, secretFields: ALLINPAY_SECRET_FIELDS },
  stripe: { schema: stripeConfigSchema, secretFields: STRIPE_SECRET_FIELDS },
  tokenpay: { schema: tokenpayConfigSchema, secretFields: TOKENPAY_SECRET_FIELDS },
};

/** The configuration schema of a payment config key, if it is one. */
export function paymentConfigSchemaOf(paramKey: string): z.ZodType | undefined {
  const name = (Object.keys(PAYMENT_GATEWAYS) as PaymentGatewayName[]).find(
    (gateway) => PAYMENT_GATEWAYS[gateway].configKey === paramKey,
  );
  return name === undefined ? undefined : PAYMENT_CONFIG[name]?.schema;
}

/** Write-only fields by config key. */
export function paymentSecretFields(): Record<string, readonly string[]> {
  return Object.fromEntries(
    (Object.keys(PAYMENT_CONFIG) as PaymentGatewayName[]).map((name) => [
      PAYMENT_GATEWAYS[name].configKey,
      PAYMENT_CONFIG[name]!.secretFields,
    ]),
  );
}

/**
 * Where each gateway's secrets go: a changed endpoint with a blank secret would send the stored
 * secret (or requests signed with it) somewhere new, so the secret must be entered again.
 */
export function paymentDestinationFields(): Record<string, readonly string[]> {
  return Object.fromEntries(
    (Object.keys(PAYMENT_CONFIG) as PaymentGatewayName[]).map((name) => [
      PAYMENT_GATEWAYS[name].configKey,
      ['endpoint'],
    ]),
  );
}
