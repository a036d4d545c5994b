import type { LocalizedMessages } from './types';

/** Face verification providers: their settings (labels scoped by config key) and their failures. */
export const faceProviderMessages = {
  'verification.providerError': {
    cn: '认证服务返回错误：{message}（{code}）',
    en: 'The verification service answered with an error: {message} ({code})',
  },
  'verification.providerBadAnswer': {
    cn: '认证服务的应答无法验证，请稍后再试',
    en: 'The answer of the verification service could not be verified: try again later',
  },
  'field.TENCENTUSERCERTIFY_CONFIG_KEY.secretId': { cn: 'SecretId', en: 'SecretId' },
  'field.TENCENTUSERCERTIFY_CONFIG_KEY.secretKey': { cn: 'SecretKey', en: 'SecretKey' },
  'field.TENCENTUSERCERTIFY_CONFIG_KEY.ruleId': { cn: '业务流程 ID（RuleId）', en: 'Business flow (RuleId)' },
  'field.TENCENTUSERCERTIFY_CONFIG_KEY.region': { cn: '地域', en: 'Region' },
  'field.TENCENTUSERCERTIFY_CONFIG_KEY.endpoint': { cn: '接口地址', en: 'API address' },
  'field.ALIPAYUSERCERTIFY_CONFIG_KEY.appId': { cn: '应用 APPID', en: 'App ID' },
  'field.ALIPAYUSERCERTIFY_CONFIG_KEY.privateKey': { cn: '应用私钥', en: 'App private key' },
  'field.ALIPAYUSERCERTIFY_CONFIG_KEY.alipayPublicKey': { cn: '支付宝公钥', en: 'Alipay public key' },
  'field.ALIPAYUSERCERTIFY_CONFIG_KEY.endpoint': { cn: '网关地址', en: 'Gateway address' },
} as const satisfies LocalizedMessages;
