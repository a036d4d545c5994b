import type { LocalizedMessages } from './types';

/** Allinpay 收银宝 (ALLINPAY_PAY_CONF): its settings' names and what its API answers are turned into. */
export const paymentAllinpayMessages = {
  'field.ALLINPAY_PAY_CONF.endpoint': { cn: '统一支付接口地址', en: 'Unified pay API address' },
  'field.ALLINPAY_PAY_CONF.orgId': {
    cn: '集团/代理商商户号（可选）',
    en: 'Group or agent number (optional)',
  },
  'field.ALLINPAY_PAY_CONF.cusId': { cn: '商户号（cusid）', en: 'Merchant number (cusid)' },
  'field.ALLINPAY_PAY_CONF.appId': { cn: '应用 ID（appid）', en: 'App ID (appid)' },
  'field.ALLINPAY_PAY_CONF.privateKey': { cn: '商户 RSA 私钥', en: 'Merchant RSA private key' },
  'field.ALLINPAY_PAY_CONF.allinpayPublicKey': { cn: '通联 RSA 公钥', en: 'Allinpay RSA public key' },
  'field.ALLINPAY_PAY_CONF.payType': { cn: '扫码支付方式', en: 'Scan-to-pay method' },
  'field.ALLINPAY_PAY_CONF.validMinutes': {
    cn: '二维码有效时间（分钟）',
    en: 'QR code valid for (minutes)',
  },
  'payment.allinpay.cnyOnly': {
    cn: '通联收银宝仅支持人民币（CNY）订单',
    en: 'Allinpay takes orders in CNY only',
  },
  'payment.allinpay.unreachable': {
    cn: '无法连接通联收银宝（{endpoint}），请稍后重试',
    en: 'Allinpay ({endpoint}) could not be reached: try again later',
  },
  'payment.allinpay.refused': {
    cn: '通联收银宝下单失败：{reason}',
    en: 'Allinpay refused the order: {reason}',
  },
  'payment.allinpay.notClosed': {
    cn: '通联收银宝未能关闭本订单之前的二维码（{reason}）：如已支付，订单稍后即显示已支付；否则请稍后重试',
    en: 'Allinpay did not close the earlier QR code of this order ({reason}): if it was paid, the order shows paid shortly; otherwise try again later',
  },
  'payment.allinpay.unverified': {
    cn: '通联收银宝的应答未通过验签，请检查通联 RSA 公钥',
    en: 'The answer of Allinpay did not verify: check the Allinpay RSA public key',
  },
} as const satisfies LocalizedMessages;
