import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRpc } from '../aliyun/rpc-signature';
import { signTc3, tc3Date } from '../tencent/tc3-signature';

/**
 * Local stand-ins for the three SMS providers, for tests. Each one checks a request the way
 * the provider does — recomputing the signature from what arrived with the secret it knows —
 * and answers in the provider's format, including its error answers. A mobile number ending
 * in 0000 gets the provider's "limit / balance" refusal, so error paths can be tested too.
 */
export interface FakeSmsRequest {
  /** Whether the signature (or SMSBao's password digest) matched. */
  verified: boolean;
  mobile: string;
  /** Tencent: TemplateId; Aliyun: TemplateCode; SMSBao: '' (no templates). */
  template: string;
  /** Tencent: TemplateParamSet; Aliyun: TemplateParam as JSON; SMSBao: the content. */
  params: unknown;
  signName: string;
  /** Every field of the request (body or query), for assertions. */
  raw: Record<string, unknown>;
}

export interface FakeSmsProvider {
  url: string;
  requests: FakeSmsRequest[];
  close(): Promise<void>;
}

type Handler = (
  request: http.IncomingMessage,
  body: string,
  record: (r: FakeSmsRequest) => void,
) => { status: number; body: string };

async function startFake(handler: Handler): Promise<FakeSmsProvider> {
  const requests: FakeSmsRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = handler(request, Buffer.concat(chunks).toString('utf8'), (r) => requests.push(r));
      response.writeHead(answer.status, {
        'content-type': answer.body.startsWith('{') ? 'application/json' : 'text/plain',
      });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const refused = (mobile: string) => mobile.endsWith('0000');
const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value) });
const requestId = () => crypto.randomUUID();

/** Tencent Cloud SMS 2021-01-11 SendSms with TC3-HMAC-SHA256; `secrets` maps SecretId → SecretKey. */
export function startFakeTencentSms(secrets: Record<string, string>): Promise<FakeSmsProvider> {
  return startFake((request, body, record) => {
    const fail = (Code: string, Message: string) =>
      json(200, { Response: { Error: { Code, Message }, RequestId: requestId() } });
    const header = (name: string) => String(request.headers[name] ?? '');
    if (request.method !== 'POST' || request.url !== '/')
      return fail('InvalidAction', 'only POST / is served');
    if (header('x-tc-action') !== 'SendSms' || header('x-tc-version') !== '2021-01-11') {
      return fail('InvalidAction', 'action or version not supported');
    }
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header('authorization'),
      );
    if (!auth) return fail('AuthFailure.InvalidAuthorization', 'Authorization is malformed');
    const [, secretId = '', date, signedHeaders = '', signature] = auth;
    const secretKey = secrets[secretId];
    if (secretKey === undefined) return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found');
    const timestamp = Number(header('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return fail('AuthFailure.SignatureExpire', 'The signature expired');
    }
    const names = signedHeaders.split(';');
    if (!names.includes('content-type') || !names.includes('host') || date !== tc3Date(timestamp)) {
      return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    }
    const expected = signTc3({
      secretId,
      secretKey,
      service: 'sms',
      headers: Object.fromEntries(names.map((name) => [name, header(name)])),
      payload: body,
      timestamp,
    });
    const verified = expected.signature === signature;
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return fail('InvalidParameter', 'body is not JSON');
    }
    const phones = payload.PhoneNumberSet as string[] | undefined;
    const mobile = phones?.[0] ?? '';
    record({
      verified,
      mobile,
      template: String(payload.TemplateId ?? ''),
      params: payload.TemplateParamSet,
      signName: String(payload.SignName ?? ''),
      raw: payload,
    });
    if (!verified)
      return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    for (const field of ['SmsSdkAppId', 'SignName', 'TemplateId']) {
      if (typeof payload[field] !== 'string' || payload[field] === '')
        return fail('MissingParameter', `${field} is missing`);
    }
    if (!Array.isArray(phones) || phones.length === 0 || !phones.every((p) => /^\+\d{6,20}$/.test(p))) {
      return fail('InvalidParameterValue.IncorrectPhoneNumber', 'phone number format error');
    }
    if (!Array.isArray(payload.TemplateParamSet))
      return fail('InvalidParameterValue.TemplateParameterFormatError', 'TemplateParamSet');
    const limited = refused(mobile);
    return json(200, {
      Response: {
        SendStatusSet: [
          {
            SerialNo: limited ? '' : crypto.randomUUID(),
            PhoneNumber: mobile,
            Fee: limited ? 0 : 1,
            SessionContext: '',
            Code: limited ? 'LimitExceeded.PhoneNumberDailyLimit' : 'Ok',
            Message: limited
              ? 'the number of sms messages sent from a single mobile number every day exceeds the upper limit'
              : 'send success',
            IsoCode: 'CN',
          },
        ],
        RequestId: requestId(),
      },
    });
  });
}

/** Aliyun Dysmsapi 2017-05-25 SendSms over GET with the RPC signature; `secrets` maps AccessKeyId → secret. */
export function startFakeAliyunSms(secrets: Record<string, string>): Promise<FakeSmsProvider> {
  const nonces = new Set<string>();
  return startFake((request, _body, record) => {
    const fail = (status: number, Code: string, Message: string) =>
      json(status, { RequestId: requestId(), Code, Message });
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    const { Signature: signature, ...signed } = params;
    const secret = secrets[params.AccessKeyId ?? ''];
    if (secret === undefined)
      return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
      return fail(400, 'InvalidSignatureMethod', 'Specified signature method is not supported.');
    }
    if (params.Action !== 'SendSms' || params.Version !== '2017-05-25')
      return fail(400, 'InvalidAction.NotFound', 'action or version');
    const time = Date.parse(params.Timestamp ?? '');
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp ?? '') ||
      Math.abs(Date.now() - time) > 15 * 60_000
    ) {
      return fail(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    const verified = signature === signRpc('GET', signed, secret);
    const mobile = params.PhoneNumbers ?? '';
    let templateParam: unknown;
    try {
      templateParam = JSON.parse(params.TemplateParam ?? 'null');
    } catch {
      templateParam = undefined;
    }
    record({
      verified,
      mobile,
      template: params.TemplateCode ?? '',
      params: templateParam,
      signName: params.SignName ?? '',
      raw: params,
    });
    if (!verified)
      return fail(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    if (nonces.has(params.SignatureNonce ?? ''))
      return fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(params.SignatureNonce ?? '');
    if (!params.SignName) return fail(200, 'isv.SMS_SIGNATURE_ILLEGAL', '签名不合法');
    if (!params.TemplateCode) return fail(200, 'isv.SMS_TEMPLATE_ILLEGAL', '模板不合法');
    if (templateParam === undefined) return fail(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法');
    if (!/^\d{5,20}$/.test(mobile)) return fail(200, 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (refused(mobile)) return fail(200, 'isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1');
    return json(200, { Message: 'OK', RequestId: requestId(), Code: 'OK', BizId: `${Date.now()}^0` });
  });
}

/** SMSBao GET /sms?u=&p=md5(key)&m=&c=; `accounts` maps username → API key. Answers a bare code. */
export function startFakeSmsBao(accounts: Record<string, string>): Promise<FakeSmsProvider> {
  return startFake((request, _body, record) => {
    const text = (code: string) => ({ status: 200, body: code });
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname !== '/sms') return { status: 404, body: 'not found' };
    const params = Object.fromEntries(url.searchParams);
    const key = accounts[params.u ?? ''];
    if (key === undefined) return text('40');
    const verified = params.p === crypto.createHash('md5').update(key).digest('hex');
    const mobile = params.m ?? '';
    const content = params.c ?? '';
    const sign = /^【([^】]+)】/.exec(content)?.[1] ?? '';
    record({ verified, mobile, template: '', params: content, signName: sign, raw: params });
    if (!verified) return text('30');
    if (!/^1\d{10}$/.test(mobile)) return text('51');
    if (refused(mobile)) return text('41');
    return text('0');
  });
}
