import type { LocalizedMessages } from './types';

/** TokenPay (TOKEN_PAY_CONF): its settings' names and what its API answers are turned into. */
export const paymentTokenpayMessages = {
  'field.TOKEN_PAY_CONF.endpoint': { cn: 'TokenPay 地址', en: 'TokenPay address' },
  'field.TOKEN_PAY_CONF.apiToken': {
    cn: 'ApiToken（异步通知密钥）',
    en: 'ApiToken (notification signing key)',
  },
  'field.TOKEN_PAY_CONF.currency': {
    cn: '收款币种（如 USDT_TRC20）',
    en: 'Crypto to be paid (e.g. USDT_TRC20)',
  },
  'field.TOKEN_PAY_CONF.baseCurrency': {
    cn: '法币币种（TokenPay 的 BaseCurrency）',
    en: 'Fiat currency (TokenPay BaseCurrency)',
  },
  'payment.tokenpay.currencyMismatch': {
    cn: 'TokenPay 以 {base} 计价，无法支付 {currency} 订单',
    en: 'TokenPay prices in {base}: it cannot take an order in {currency}',
  },
  'payment.tokenpay.unreachable': {
    cn: '无法连接 TokenPay（{endpoint}），请稍后重试',
    en: 'TokenPay ({endpoint}) could not be reached: try again later',
  },
  'payment.tokenpay.refused': {
    cn: 'TokenPay 创建订单失败：{reason}',
    en: 'TokenPay refused the order: {reason}',
  },
} as const satisfies LocalizedMessages;
