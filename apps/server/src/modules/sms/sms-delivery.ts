import {
  CODE_PLACEHOLDER,
  type SmsProviderConfig,
  type SmsTemplate,
  type SmsTemplateKind,
} from '@nimbus/contract';
import { aliyunSms } from '../../integrations/sms/aliyun/aliyun-sms';
import { smsBao } from '../../integrations/sms/smsbao/smsbao';
import { tencentSms } from '../../integrations/sms/tencent/tencent-sms';
import type { SmsEndpoints } from '../../platform/config';
import { badRequest } from '../../platform/http/app-error';

/** A provider with its saved settings, as loaded by notify-settings. */
export type ConfiguredSmsProvider =
  | { key: 'SMS_CONFIG_KEY'; config: SmsProviderConfig<'SMS_CONFIG_KEY'> }
  | { key: 'ALIYUN_SMS_CONFIG_KEY'; config: SmsProviderConfig<'ALIYUN_SMS_CONFIG_KEY'> }
  | { key: 'SMS_BAO'; config: SmsProviderConfig<'SMS_BAO'> };

/** The `code` template when it can be sent: switched on, and with what the provider needs. */
function codeTemplate(provider: ConfiguredSmsProvider): SmsTemplate {
  const template = provider.config.templateIds.code;
  const usable =
    template &&
    template.status !== 0 &&
    (provider.key === 'SMS_BAO' ? template.content.includes(CODE_PLACEHOLDER) : template.id.trim() !== '');
  if (!usable) throw badRequest('sms.codeTemplateMissing');
  return template;
}

/**
 * Sends one template: Tencent fills the template's {1}, {2}… with `params` in order, Aliyun its
 * ${name} variables; SMSBao has no server-side templates, so the content is sent with each
 * {name} replaced.
 */
async function sendTemplate(
  provider: ConfiguredSmsProvider,
  template: SmsTemplate,
  mobile: string,
  params: Record<string, string>,
  endpoints: SmsEndpoints,
): Promise<void> {
  switch (provider.key) {
    case 'SMS_CONFIG_KEY':
      await tencentSms(provider.config, { endpoint: endpoints.tencent }).send({
        mobile,
        templateId: template.id,
        templateParams: Object.values(params),
      });
      return;
    case 'ALIYUN_SMS_CONFIG_KEY':
      await aliyunSms(provider.config, { endpoint: endpoints.aliyun }).send({
        mobile,
        templateCode: template.id,
        templateParam: params,
      });
      return;
    case 'SMS_BAO':
      await smsBao(provider.config).send({
        mobile,
        content: Object.entries(params).reduce(
          (text, [name, value]) => text.replaceAll(`{${name}}`, value),
          template.content,
        ),
      });
      return;
  }
}

/** Sends a verification code with the provider's `code` template. */
export async function sendSmsCode(
  provider: ConfiguredSmsProvider,
  mobile: string,
  code: string,
  endpoints: SmsEndpoints = {},
): Promise<void> {
  await sendTemplate(provider, codeTemplate(provider), mobile, { code }, endpoints);
}

/**
 * A notice (work-order reply…) with the template of `kind`, when that template is switched on
 * and has what the provider needs; false when it has not (notices are optional, codes are not).
 */
export async function sendSmsNotice(
  provider: ConfiguredSmsProvider,
  kind: SmsTemplateKind,
  mobile: string,
  params: Record<string, string>,
  endpoints: SmsEndpoints = {},
): Promise<boolean> {
  const template = provider.config.templateIds[kind];
  const usable =
    template &&
    template.status !== 0 &&
    (provider.key === 'SMS_BAO' ? template.content.trim() !== '' : template.id.trim() !== '');
  if (!usable) return false;
  await sendTemplate(provider, template, mobile, params, endpoints);
  return true;
}
