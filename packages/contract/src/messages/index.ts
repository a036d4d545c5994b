import type { Lang } from '../lang';
import { configMessages } from './config';
import { dnsMessages } from './dns';
import { dnsApiKeyMessages } from './dns-api-key';
import { edgeMessages } from './edge';
import { financeMessages } from './finance';
import { productMessages } from './product';
import { orderMessages } from './order';
import { paymentMessages } from './payment';
import { paymentWechatMessages } from './payment-wechat';
import { paymentAlipayMessages } from './payment-alipay';
import { paymentAllinpayMessages } from './payment-allinpay';
import { paymentStripeMessages } from './payment-stripe';
import { paymentTokenpayMessages } from './payment-tokenpay';
import { verificationMessages } from './verification';
import { faceProviderMessages } from './face-providers';
import { httpdnsMessages } from './httpdns';
import { consoleFieldMessages } from './fields-console';
import { messageMessages } from './message';
import { notifyMessages } from './notify';
import { publicMessages } from './public';
import { operationMessages } from './operation';
import { wechatMessages } from './wechat';
import { workOrderMessages } from './work-order';
import { recursiveDnsMessages } from './recursive-dns';
import { nodeMonitorMessages } from './node-monitor';
import { originPolicyMessages } from './origin-policy';
import { blocklistMessages } from './blocklist';
import { wafMessages } from './waf';
import { contentSecureMessages } from './content-secure';
import { siteSettingsMessages } from './site-settings';
import { siteAdminMessages } from './site-admin';
import { siteRedirectMessages } from './site-redirects';
import { siteRegionMessages } from './site-region';
import { businessSecureMessages } from './business-secure';
import { analyticsMessages } from './analytics';
import { sslMessages } from './ssl';

export { publicMessages };

/**
 * Messages the server sends back and the web shows for the same rule: one catalogue for both
 * sides, so a rule's message cannot drift between a form and the API. Each area adds its own
 * file here. `{name}` placeholders are filled by `translate`.
 */
export const messages = {
  ...publicMessages,
  ...configMessages,
  ...messageMessages,
  ...notifyMessages,
  ...siteSettingsMessages,
  ...siteAdminMessages,
  ...siteRedirectMessages,
  ...siteRegionMessages,
  ...businessSecureMessages,
  ...analyticsMessages,
  ...edgeMessages,
  ...dnsMessages,
  ...dnsApiKeyMessages,
  ...consoleFieldMessages,
  ...workOrderMessages,
  ...operationMessages,
  ...wechatMessages,
  ...financeMessages,
  ...productMessages,
  ...orderMessages,
  ...paymentMessages,
  ...paymentWechatMessages,
  ...paymentAlipayMessages,
  ...paymentAllinpayMessages,
  ...paymentStripeMessages,
  ...paymentTokenpayMessages,
  ...verificationMessages,
  ...faceProviderMessages,
  ...recursiveDnsMessages,
  ...nodeMonitorMessages,
  ...originPolicyMessages,
  ...blocklistMessages,
  ...wafMessages,
  ...contentSecureMessages,
  ...httpdnsMessages,
  ...sslMessages,
};

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

export function translate(key: MessageKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * The field's human name: `field.<scope>.<name>` when a scope is given and the catalogue has
 * it (a setting that names a common field its own way), else `field.<name>`, else the name.
 */
export function fieldLabel(name: string, lang: Lang, scope?: string): string {
  const scoped = scope === undefined ? undefined : `field.${scope}.${name}`;
  if (scoped !== undefined && isMessageKey(scoped)) return translate(scoped, lang);
  const key = `field.${name}`;
  return isMessageKey(key) ? translate(key, lang) : name;
}
