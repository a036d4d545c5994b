import { z } from 'zod';
import { endpointField, requiredText, secretField } from './common';
import { isRsaKeyText } from './rsa-key';

/** The unified order's scan-to-pay methods (交易方式): WeChat, Alipay, UnionPay QR. */
export const ALLINPAY_PAY_TYPES = ['W01', 'A01', 'U01'] as const;

/**
 * Allinpay 收银宝 unified order (ALLINPAY_PAY_CONF), signed with `signtype=RSA`: the merchant
 * number (cusid) and APPID Allinpay issues, the group/agent number (orgid) when the merchant is
 * under one, the merchant's RSA private key (signs requests) and Allinpay's RSA public key
 * (verifies answers and notifications), as the console shows them (bare base64) or as PEM, the
 * scan-to-pay method whose QR code the customer is shown, and how long that code stays payable
 * (`validtime`: Allinpay's default is 5 minutes, its maximum 1440).
 */
export const allinpayConfigSchema = z.object({
  endpoint: endpointField('https://vsp.allinpay.com/apiweb/unitorder/pay'),
  orgId: z.string().trim().max(32).default(''),
  cusId: requiredText(32),
  appId: requiredText(32),
  privateKey: secretField(8192).refine((key) => key === '' || isRsaKeyText(key), 'validation.invalid'),
  allinpayPublicKey: requiredText(4096).refine(isRsaKeyText, 'validation.invalid'),
  payType: z.enum(ALLINPAY_PAY_TYPES, { message: 'validation.invalid' }).default('W01'),
  validMinutes: z
    .number({ message: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(1440, 'validation.invalid')
    .default(30),
});
export type AllinpayConfig = z.infer<typeof allinpayConfigSchema>;
export const ALLINPAY_SECRET_FIELDS = ['privateKey'] as const;
