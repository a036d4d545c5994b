import type { LocalizedMessages } from './types';

/** Alipay computer website payment (ALIPAY_CONFIG_KEY): its settings' names and its refusals. */
export const paymentAlipayMessages = {
  'field.ALIPAY_CONFIG_KEY.endpoint': { cn: '网关地址', en: 'Gateway address' },
  'field.ALIPAY_CONFIG_KEY.appId': { cn: '应用 APPID', en: 'App ID' },
  'field.ALIPAY_CONFIG_KEY.privateKey': { cn: '应用私钥（RSA2）', en: 'App private key (RSA2)' },
  'field.ALIPAY_CONFIG_KEY.alipayPublicKey': { cn: '支付宝公钥', en: 'Alipay public key' },
  'field.ALIPAY_CONFIG_KEY.sellerId': {
    cn: '收款支付宝用户号（PID，可选）',
    en: 'Seller PID (2088…, optional)',
  },
  'payment.alipay.cnyOnly': {
    cn: '支付宝电脑网站支付仅支持人民币（CNY）订单',
    en: 'Alipay takes orders in CNY only',
  },
} as const satisfies LocalizedMessages;
