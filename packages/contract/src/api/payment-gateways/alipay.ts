import { z } from 'zod';
import { endpointField, requiredText, secretField } from './common';
import { isRsaKeyText } from './rsa-key';

/**
 * Alipay computer website payment (电脑网站支付, ALIPAY_CONFIG_KEY): the application's APPID,
 * its RSA2 private key (signs the page request) and Alipay's public key (verifies notifications),
 * each as the Alipay key tool prints it or as PEM. `sellerId`, the merchant's PID (2088…), is
 * optional: when set, a notification must name it as the seller, as the documentation advises.
 */
export const alipayConfigSchema = z.object({
  endpoint: endpointField('https://openapi.alipay.com/gateway.do'),
  appId: requiredText(32),
  privateKey: secretField(8192).refine((key) => key === '' || isRsaKeyText(key), 'validation.invalid'),
  alipayPublicKey: requiredText(4096).refine(isRsaKeyText, 'validation.invalid'),
  sellerId: z
    .string()
    .trim()
    .regex(/^(?:2088\d{12})?$/, 'validation.invalid')
    .default(''),
});
export type AlipayConfig = z.infer<typeof alipayConfigSchema>;
export const ALIPAY_SECRET_FIELDS = ['privateKey'] as const;
