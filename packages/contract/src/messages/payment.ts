import type { LocalizedMessages } from './types';

/** What every payment gateway shares: hand-offs and the payments an admin must look at. */
export const paymentMessages = {
  'payment.handoffUnsafe': {
    cn: '支付参数 {field} 含有 & 或 =，不能提交给支付网关',
    en: 'The payment parameter {field} holds & or =, which cannot be handed to the gateway',
  },
} as const satisfies LocalizedMessages;
