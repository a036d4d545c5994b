import type { LocalizedMessages } from './types';

/** Stripe Checkout (STRIPE_PAY_CONF): its settings' names and what its API answers are turned into. */
export const paymentStripeMessages = {
  'field.STRIPE_PAY_CONF.endpoint': { cn: 'API 地址', en: 'API address' },
  'field.STRIPE_PAY_CONF.secretKey': { cn: '密钥（sk_… 或 rk_…）', en: 'Secret key (sk_… or rk_…)' },
  'field.STRIPE_PAY_CONF.webhookSecret': {
    cn: 'Webhook 签名密钥（whsec_…）',
    en: 'Webhook signing secret (whsec_…)',
  },
  'payment.stripe.wholeUnits': {
    cn: 'Stripe 以整数单位收取 {currency}，订单金额不能含小数',
    en: 'Stripe charges {currency} in whole units: the amount cannot have a fraction',
  },
  'payment.stripe.unreachable': {
    cn: '无法连接 Stripe（{endpoint}），请稍后重试',
    en: 'Stripe ({endpoint}) could not be reached: try again later',
  },
  'payment.stripe.refused': {
    cn: 'Stripe 创建支付失败：{reason}',
    en: 'Stripe refused the payment: {reason}',
  },
} as const satisfies LocalizedMessages;
