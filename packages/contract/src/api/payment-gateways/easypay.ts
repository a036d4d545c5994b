import { z } from 'zod';
import { requiredText, secretField } from './common';

/**
 * The easy-pay protocol (彩虹易支付, CCCYUN_PAY_CONF): the merchant id and MD5 key the provider
 * issues, the provider's address (each runs its own), and optionally the payment type to preselect.
 */
export const easypayConfigSchema = z.object({
  /** Each provider runs its own: the address of its submit.php, e.g. https://pay.example.com/ */
  endpoint: z.string({ message: 'validation.required' }).trim().url({ message: 'validation.url' }).max(500),
  pid: requiredText(64),
  key: secretField(256),
  /** alipay, wxpay, qqpay…; blank lets the payer choose on the provider's page. */
  payType: z.string().trim().max(32).default(''),
});
export type EasypayConfig = z.infer<typeof easypayConfigSchema>;
export const EASYPAY_SECRET_FIELDS = ['key'] as const;
