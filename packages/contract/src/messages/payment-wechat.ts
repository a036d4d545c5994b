import type { LocalizedMessages } from './types';

/** WeChat Pay (WXPAY_CONFIG_KEY): its settings' names and what its API answers are turned into. */
export const paymentWechatMessages = {
  'field.WXPAY_CONFIG_KEY.endpoint': { cn: '接口地址', en: 'API address' },
  'field.WXPAY_CONFIG_KEY.appId': { cn: 'AppID', en: 'AppID' },
  'field.WXPAY_CONFIG_KEY.mchId': { cn: '商户号', en: 'Merchant ID (mchid)' },
  'field.WXPAY_CONFIG_KEY.merchantSerialNo': {
    cn: '商户 API 证书序列号',
    en: 'Merchant API certificate serial number',
  },
  'field.WXPAY_CONFIG_KEY.privateKey': { cn: '商户 API 证书私钥', en: 'Merchant API private key' },
  'field.WXPAY_CONFIG_KEY.apiV3Key': { cn: 'APIv3 密钥', en: 'APIv3 key' },
  'field.WXPAY_CONFIG_KEY.platformPublicKey': {
    cn: '微信支付公钥（或平台证书）',
    en: 'WeChat Pay public key (or platform certificate)',
  },
  'field.WXPAY_CONFIG_KEY.platformSerial': {
    cn: '微信支付公钥 ID（或平台证书序列号）',
    en: 'WeChat Pay public key ID (or platform certificate serial number)',
  },
  'payment.wechat.cnyOnly': {
    cn: '微信支付仅支持人民币（CNY）订单',
    en: 'WeChat Pay takes orders in CNY only',
  },
  'payment.wechat.unreachable': {
    cn: '无法连接微信支付（{endpoint}），请稍后重试',
    en: 'WeChat Pay ({endpoint}) could not be reached: try again later',
  },
  'payment.wechat.refused': {
    cn: '微信支付下单失败：{reason}',
    en: 'WeChat Pay refused the order: {reason}',
  },
  'payment.wechat.unverified': {
    cn: '微信支付的应答未通过验签，请检查微信支付公钥及其 ID',
    en: 'The answer of WeChat Pay did not verify: check the WeChat Pay public key and its ID',
  },
} as const satisfies LocalizedMessages;
