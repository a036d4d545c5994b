import crypto from 'node:crypto';
import { badRequest } from '../../../platform/http/app-error';
import { callProvider, parseJsonAnswer, shortText } from '../provider-http';
import { canonicalQuery, percentEncode, rpcTimestamp, signRpc } from './rpc-signature';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const ALIYUN_SMS_VERSION = '2017-05-25';

export interface AliyunSmsCredentials {
  /** AccessKeyId. */
  secretid: string;
  /** AccessKeySecret. */
  secretkey: string;
  signname: string;
}

export interface AliyunSmsOptions {
  /** Defaults to the public endpoint. */
  endpoint?: string;
  now?: () => Date;
  nonce?: () => string;
}

export interface AliyunSendSms {
  mobile: string;
  /** TemplateCode, e.g. SMS_123456. */
  templateCode: string;
  /** Values of the template's ${name} variables. */
  templateParam: Record<string, string>;
}

/** Aliyun Dysmsapi SendSms over HTTP GET with the RPC signature. */
export function aliyunSms(credentials: AliyunSmsCredentials, options: AliyunSmsOptions = {}) {
  const endpoint = options.endpoint ?? ALIYUN_SMS_ENDPOINT;
  const now = options.now ?? (() => new Date());
  const nonce = options.nonce ?? (() => crypto.randomUUID());
  return {
    async send(message: AliyunSendSms): Promise<{ bizId: string }> {
      const params: Record<string, string> = {
        AccessKeyId: credentials.secretid,
        Action: 'SendSms',
        Format: 'JSON',
        RegionId: 'cn-hangzhou',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: nonce(),
        SignatureVersion: '1.0',
        Timestamp: rpcTimestamp(now()),
        Version: ALIYUN_SMS_VERSION,
        PhoneNumbers: message.mobile.trim().replace(/^\+/, ''),
        SignName: credentials.signname,
        TemplateCode: message.templateCode,
        TemplateParam: JSON.stringify(message.templateParam),
      };
      // Encoded like the signed string (RFC 3986: a space is %20, never +), as Aliyun's SDKs do.
      const url = new URL('/', endpoint);
      url.search = `Signature=${percentEncode(signRpc('GET', params, credentials.secretkey))}&${canonicalQuery(params)}`;
      const answer = await callProvider(url);
      const body = parseJsonAnswer(answer) as { Code?: string; Message?: string; BizId?: string } | null;
      if (!body || typeof body.Code !== 'string')
        throw badRequest('sms.badAnswer', { status: answer.status });
      if (body.Code !== 'OK') {
        throw badRequest('sms.providerError', {
          code: shortText(body.Code),
          message: shortText(body.Message),
        });
      }
      return { bizId: String(body.BizId ?? '') };
    },
  };
}
