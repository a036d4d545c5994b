import { badRequest } from '../../../platform/http/app-error';
import { callProvider, parseJsonAnswer, shortText } from '../provider-http';
import { signTc3 } from './tc3-signature';

export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com';
export const TENCENT_SMS_VERSION = '2021-01-11';
export const TENCENT_SMS_REGION = 'ap-guangzhou';
const CONTENT_TYPE = 'application/json; charset=utf-8';

export interface TencentSmsCredentials {
  sdkappId: string;
  secretid: string;
  secretkey: string;
  signname: string;
}

export interface TencentSmsOptions {
  /** Defaults to the public endpoint. */
  endpoint?: string;
  now?: () => Date;
}

export interface TencentSendSms {
  mobile: string;
  templateId: string;
  /** Values of the template's {1}, {2}… in order. */
  templateParams: string[];
}

/** Tencent wants E.164; a mainland number without a country code gets +86. */
export function toE164(mobile: string): string {
  const digits = mobile.trim();
  return digits.startsWith('+') ? digits : `+86${digits}`;
}

/** Tencent Cloud SMS API 3.0, action SendSms, signed with TC3-HMAC-SHA256. */
export function tencentSms(credentials: TencentSmsCredentials, options: TencentSmsOptions = {}) {
  const endpoint = new URL(options.endpoint ?? TENCENT_SMS_ENDPOINT);
  const now = options.now ?? (() => new Date());
  return {
    async send(message: TencentSendSms): Promise<{ serialNo: string }> {
      const payload = JSON.stringify({
        PhoneNumberSet: [toE164(message.mobile)],
        SmsSdkAppId: credentials.sdkappId,
        SignName: credentials.signname,
        TemplateId: message.templateId,
        TemplateParamSet: message.templateParams,
      });
      const timestamp = Math.floor(now().getTime() / 1000);
      const signed = { 'content-type': CONTENT_TYPE, host: endpoint.host, 'x-tc-action': 'SendSms' };
      const { authorization } = signTc3({
        secretId: credentials.secretid,
        secretKey: credentials.secretkey,
        service: 'sms',
        headers: signed,
        payload,
        timestamp,
      });
      const answer = await callProvider(endpoint, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': CONTENT_TYPE,
          'X-TC-Action': 'SendSms',
          'X-TC-Version': TENCENT_SMS_VERSION,
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Region': TENCENT_SMS_REGION,
        },
        body: payload,
      });
      return readSendSmsAnswer(parseJsonAnswer(answer), answer.status);
    },
  };
}

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string; SerialNo?: string }[];
  };
}

/** API errors come as Response.Error; per-number failures as a SendStatusSet entry whose Code is not 'Ok'. */
function readSendSmsAnswer(body: unknown, status: number): { serialNo: string } {
  const response = (body as TencentAnswer | null)?.Response;
  if (!response) throw badRequest('sms.badAnswer', { status });
  if (response.Error) {
    throw badRequest('sms.providerError', {
      code: shortText(response.Error.Code),
      message: shortText(response.Error.Message),
    });
  }
  const first = response.SendStatusSet?.[0];
  if (!first) throw badRequest('sms.badAnswer', { status });
  if (first.Code !== 'Ok') {
    throw badRequest('sms.providerError', { code: shortText(first.Code), message: shortText(first.Message) });
  }
  return { serialNo: String(first.SerialNo ?? '') };
}
