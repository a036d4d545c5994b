import { CODE_PLACEHOLDER, type SmsProviderConfig, type SmsTemplate } from '@nimbus/contract';
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
 * Sends a verification code with the provider's `code` template. Tencent fills the template's
 * {1}, Aliyun its ${code}; SMSBao has no server-side templates, so the content is sent with
 * {code} replaced.
 */
export async function sendSmsCode(
  provider: ConfiguredSmsProvider,
  mobile: string,
  code: string,
  endpoints: SmsEndpoints = {},
): Promise<void> {
  const template = codeTemplate(provider);
  switch (provider.key) {
    case 'SMS_CONFIG_KEY':
      await tencentSms(provider.config, { endpoint: endpoints.tencent }).send({
        mobile,
        templateId: template.id,
        templateParams: [code],
      });
      return;
    case 'ALIYUN_SMS_CONFIG_KEY':
      await aliyunSms(provider.config, { endpoint: endpoints.aliyun }).send({
        mobile,
        templateCode: template.id,
        templateParam: { code },
      });
      return;
    case 'SMS_BAO':
      await smsBao(provider.config).send({
        mobile,
        content: template.content.replaceAll(CODE_PLACEHOLDER, code),
      });
      return;
  }
}
