import { tencentFaceConfigSchema, type TencentFaceConfig } from '@nimbus/contract';
import crypto from 'node:crypto';
import type { FaceProvider } from '../face-provider';
import { providerBadAnswer } from '../provider-call';
import { asProviderError, callFaceId, FaceIdError } from './faceid-api';

/**
 * Text.ErrCode values that mean the flow has not ended (cloud.tencent.com/document/product/1007/31082):
 * null before the person finishes, 17 "本次流程未完成", 15 "Token 过期，请重试". The customer then
 * simply starts again: a rejection would make them submit (and pay) anew.
 */
const UNFINISHED = new Set<number | null>([null, 15, 17]);
const MISMATCH = '核验身份与提交的资料不一致 / The verified identity does not match the details';

/**
 * Our ref is the BizToken plus a digest of whom we asked Tencent to check: `result` gets only the
 * ref, and a flow configured to read the ID card itself could otherwise pass someone else.
 */
const identityDigest = (idNumber: string, name: string) =>
  crypto.createHash('sha256').update(`${idNumber.toUpperCase()}\n${name}`, 'utf8').digest('hex').slice(0, 32);

function splitRef(ref: string): { bizToken: string; digest: string } {
  const at = ref.lastIndexOf('#');
  return at < 0 ? { bizToken: ref, digest: '' } : { bizToken: ref.slice(0, at), digest: ref.slice(at + 1) };
}

interface DetectInfoText {
  ErrCode?: number | null;
  ErrMsg?: string | null;
  IdCard?: string | null;
  Name?: string | null;
}

/**
 * Tencent Cloud FaceID, SaaS (H5) flow: DetectAuth registers the check with the RuleId, name and
 * ID number and returns the URL the browser opens plus a BizToken; GetDetectInfoEnhanced with
 * the BizToken and RuleId says how it ended (Text.ErrCode 0 is success).
 */
export const tencentFaceProvider: FaceProvider<TencentFaceConfig> = {
  name: 'tencent',

  parseConfig(value) {
    const config = tencentFaceConfigSchema.parse(value);
    if (!config.secretKey) throw new Error('tencent faceid: the SecretKey is not set');
    return config;
  },

  async start(config, check) {
    const response = await callFaceId(config, 'DetectAuth', {
      RuleId: config.ruleId,
      IdCard: check.idNumber,
      Name: check.name,
      RedirectUrl: check.returnUrl,
      // Passed through to the result: ties Tencent's records to our attempt.
      Extra: check.outerId,
    }).catch((error: unknown) => {
      throw asProviderError(error);
    });
    const { Url: url, BizToken: bizToken } = response;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url) || typeof bizToken !== 'string' || !bizToken)
      throw providerBadAnswer();
    return { url, ref: `${bizToken}#${identityDigest(check.idNumber, check.name)}` };
  },

  async result(config, ref) {
    const { bizToken, digest } = splitRef(ref);
    let response: Record<string, unknown>;
    try {
      // InfoType 1: the text part only; the photos and video are not ours to keep.
      response = await callFaceId(config, 'GetDetectInfoEnhanced', {
        BizToken: bizToken,
        RuleId: config.ruleId,
        InfoType: '1',
      });
    } catch (error) {
      // Past the token's life nothing can finish it: the customer starts a new check.
      if (error instanceof FaceIdError && error.code === 'InvalidParameterValue.BizTokenExpired')
        return { done: false, passed: false, reason: error.detail };
      throw asProviderError(error);
    }
    const text = (response.Text ?? null) as DetectInfoText | null;
    const code = text?.ErrCode ?? null;
    if (UNFINISHED.has(code)) return { done: false, passed: false, reason: '' };
    if (typeof code !== 'number') throw providerBadAnswer();
    const reason = String(text?.ErrMsg ?? code);
    if (code !== 0) return { done: true, passed: false, reason };
    const same =
      typeof text?.IdCard === 'string' &&
      typeof text.Name === 'string' &&
      identityDigest(text.IdCard, text.Name) === digest;
    return same ? { done: true, passed: true, reason } : { done: true, passed: false, reason: MISMATCH };
  },
};
