import type { TencentFaceConfig } from '@nimbus/contract';
import { signTc3 } from '../../sms/tencent/tc3-signature';
import { callFaceProvider, providerBadAnswer, providerError } from '../provider-call';

/** FaceID API 3.0 (cloud.tencent.com/document/api/1007/31816): product `faceid`, version 2018-03-01. */
export const FACEID_SERVICE = 'faceid';
export const FACEID_VERSION = '2018-03-01';
const CONTENT_TYPE = 'application/json; charset=utf-8';

export type FaceIdAction = 'DetectAuth' | 'GetDetectInfoEnhanced';

/** An API error answer (Response.Error), kept apart so callers can treat some codes as states. */
export class FaceIdError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/**
 * The signed request of one action: a JSON POST to `/` whose content-type, host and action
 * headers are signed with TC3-HMAC-SHA256 (cloud.tencent.com/document/api/213/30654). The action
 * header is signed too, as the documentation's worked example does, so it cannot be swapped.
 */
export function faceIdRequest(
  config: TencentFaceConfig,
  action: FaceIdAction,
  payload: string,
  timestamp: number,
) {
  const url = new URL('/', config.endpoint);
  const signed = { 'content-type': CONTENT_TYPE, host: url.host, 'x-tc-action': action };
  const { authorization } = signTc3({
    secretId: config.secretId,
    secretKey: config.secretKey,
    service: FACEID_SERVICE,
    headers: signed,
    payload,
    timestamp,
  });
  const headers: Record<string, string> = {
    Authorization: authorization,
    'Content-Type': CONTENT_TYPE,
    'X-TC-Action': action,
    'X-TC-Version': FACEID_VERSION,
    'X-TC-Timestamp': String(timestamp),
  };
  // "Region: 本接口不需要传递此参数" — sent only when an account is told to send one.
  if (config.region) headers['X-TC-Region'] = config.region;
  return { url, headers, body: payload };
}

/** Calls an action and returns its `Response`; an API error throws FaceIdError. */
export async function callFaceId(
  config: TencentFaceConfig,
  action: FaceIdAction,
  params: Record<string, string>,
  now: () => Date = () => new Date(),
): Promise<Record<string, unknown>> {
  const request = faceIdRequest(config, action, JSON.stringify(params), Math.floor(now().getTime() / 1000));
  const answer = await callFaceProvider(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  let parsed: { Response?: Record<string, unknown> & { Error?: { Code?: string; Message?: string } } };
  try {
    parsed = JSON.parse(answer.text) as typeof parsed;
  } catch {
    throw providerBadAnswer();
  }
  const response = parsed?.Response;
  if (!response || typeof response !== 'object') throw providerBadAnswer();
  if (response.Error)
    throw new FaceIdError(String(response.Error.Code ?? ''), String(response.Error.Message ?? ''));
  return response;
}

/** An API error the customer cannot fix, as the message the console shows. */
export const asProviderError = (error: unknown) =>
  error instanceof FaceIdError ? providerError(error.code, error.detail) : error;
