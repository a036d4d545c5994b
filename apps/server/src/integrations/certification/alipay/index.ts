import { alipayCertifyConfigSchema } from '@nimbus/contract';
import type { FaceProvider } from '../face-provider';
import { providerBadAnswer, providerError } from '../provider-call';
import { callAlipay, pageUrl, type AlipayAnswer, type AlipayKeys } from './alipay-gateway';
import { parseRsaPrivateKey, parseRsaPublicKey } from './alipay-sign';

const SUCCESS = '10000';
/** The certify_id is unknown or past its life (23 hours to certify): the customer starts again. */
const EXPIRED = 'OPEN_CERTIFY_BILL_NOT_EXIST';

const refused = (answer: AlipayAnswer) =>
  providerError(answer.sub_code ?? answer.code, answer.sub_msg ?? answer.msg);

/** `passed` is "T" or "F", as a string in the documentation and a one-item list in some SDKs. */
const passedFlag = (passed: unknown) => (Array.isArray(passed) ? passed[0] : passed);

/**
 * Alipay identity verification (身份验证): `alipay.user.certify.open.initialize` registers a FACE
 * check of this name and ID number and returns a certify_id; `alipay.user.certify.open.certify`
 * is a page call, the signed gateway URL the browser opens; `alipay.user.certify.open.query`
 * says whether it passed. Every answer's RSA2 signature is verified with Alipay's public key.
 */
export const alipayFaceProvider: FaceProvider<AlipayKeys> = {
  name: 'alipay',

  parseConfig(value) {
    const config = alipayCertifyConfigSchema.parse(value);
    if (!config.privateKey) throw new Error('alipay certify: the application private key is not set');
    return {
      appId: config.appId,
      endpoint: config.endpoint,
      privateKey: parseRsaPrivateKey(config.privateKey),
      alipayPublicKey: parseRsaPublicKey(config.alipayPublicKey),
    };
  },

  async start(keys, check) {
    const answer = await callAlipay(keys, 'alipay.user.certify.open.initialize', {
      outer_order_no: check.outerId,
      biz_code: 'FACE',
      identity_param: {
        identity_type: 'CERT_INFO',
        cert_type: 'IDENTITY_CARD',
        cert_name: check.name,
        cert_no: check.idNumber,
      },
      merchant_config: { return_url: check.returnUrl },
    });
    if (answer.code !== SUCCESS) throw refused(answer);
    const certifyId = answer.certify_id;
    if (typeof certifyId !== 'string' || !certifyId) throw providerBadAnswer();
    const url = pageUrl(keys, 'alipay.user.certify.open.certify', { certify_id: certifyId }, new Date());
    return { url, ref: certifyId };
  },

  async result(keys, ref) {
    const answer = await callAlipay(keys, 'alipay.user.certify.open.query', { certify_id: ref });
    if (answer.code !== SUCCESS) {
      if (answer.sub_code === EXPIRED)
        return { done: false, passed: false, reason: String(answer.sub_msg ?? '') };
      throw refused(answer);
    }
    const passed = passedFlag(answer.passed);
    if (passed === 'T') return { done: true, passed: true, reason: '' };
    if (passed !== 'F') throw providerBadAnswer();
    // "F" is both "failed" and "not certified yet"; only a fail_reason (an extension field Alipay
    // sends when it is enabled for the app) says the check ended. Otherwise it stays pending.
    const reason = typeof answer.fail_reason === 'string' ? answer.fail_reason.trim() : '';
    return reason ? { done: true, passed: false, reason } : { done: false, passed: false, reason: '' };
  },
};
