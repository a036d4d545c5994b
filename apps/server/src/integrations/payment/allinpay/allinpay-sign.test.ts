import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allinpaySign, allinpaySignContent, allinpayVerifies } from './allinpay-sign';

/**
 * The worked example of the 收银宝 安全规范 (prodoc.allinpay.com, "RSA(SHA1WithRSA)签名逻辑"): its
 * fields, the string they sort into, and the signature its published test merchant key gives.
 * Only that key's public half is kept here (as in 007gzs/pyallinpay tests/test_utils.py).
 */
const DOC_FIELDS = {
  appid: '00000051',
  cusid: '990581007426001',
  randomstr: '82712208',
  signtype: 'RSA',
  trxid: '112094120001088317',
  version: '11',
};
const DOC_STRING =
  'appid=00000051&cusid=990581007426001&randomstr=82712208&signtype=RSA&trxid=112094120001088317&version=11';
const DOC_SIGN =
  'ce6EAOj4rhoBMJM5MJCNG4qQ/CVMTWkoRuSGpSzRAnD3U3V5QyHkQUEej2eZXRaa+qSbw2/IJJSPV0sPuAia1+' +
  'ccb7OnvxyZqkV9wQyimX6qAMz0K+UWFhQ5McCcQ/XsFhhezoVd5QgL7PtdvuK1AtjuzA3J9yzNmwuPssPnKnc=';
const DOC_MERCHANT_PUBLIC_KEY = crypto.createPublicKey({
  key: Buffer.from(
    'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQCYBzBmLLKYIbz/sgm4yxuNwpGbkN2Ccg3JhCsb5oG5SE35okz8dm/WNosA0/YJ' +
      'yxhMUw5tQS9gPFczKG42h34gpk2w3LbuvNDC5qQw5FV5iTqnZV4dLXC44TePogwNipEaoh8bA6Ymik+jDAbnnF0GybT5VXNV41Ya' +
      'FJc1IDwq7wIDAQAB',
    'base64',
  ),
  format: 'der',
  type: 'spki',
});

describe('the Allinpay RSA signature', () => {
  it('sorts the documented example into its string, and its signature verifies (known vector)', () => {
    const shuffled = {
      version: '11',
      trxid: DOC_FIELDS.trxid,
      signtype: 'RSA',
      sign: 'x',
      appid: '00000051',
      remark: '',
      randomstr: '82712208',
      cusid: DOC_FIELDS.cusid,
    };
    expect(allinpaySignContent(shuffled)).toBe(DOC_STRING);
    expect(allinpayVerifies({ ...DOC_FIELDS, sign: DOC_SIGN }, DOC_MERCHANT_PUBLIC_KEY)).toBe(true);
    expect(
      allinpayVerifies(
        { ...DOC_FIELDS, trxid: '112094120001088318', sign: DOC_SIGN },
        DOC_MERCHANT_PUBLIC_KEY,
      ),
    ).toBe(false);
    expect(
      allinpayVerifies({ ...DOC_FIELDS, signtype: 'MD5', sign: DOC_SIGN }, DOC_MERCHANT_PUBLIC_KEY),
    ).toBe(false);
  });

  it('signs SHA1withRSA over UTF-8, what the other side verifies; tampering or another key fails', () => {
    const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fields = {
      ...DOC_FIELDS,
      body: '余额充值 50',
      notify_url: 'https://x.example/api/payment/notify/allinpay',
    };
    const sign = allinpaySign(fields, merchant.privateKey);
    const direct = crypto.verify(
      'sha1',
      Buffer.from(allinpaySignContent(fields), 'utf8'),
      merchant.publicKey,
      Buffer.from(sign, 'base64'),
    );
    expect(direct).toBe(true);
    expect(allinpayVerifies({ ...fields, sign }, merchant.publicKey)).toBe(true);
    // An empty field is neither signed nor a difference.
    expect(allinpayVerifies({ ...fields, termno: '', sign }, merchant.publicKey)).toBe(true);
    expect(allinpayVerifies({ ...fields, body: '余额充值 5', sign }, merchant.publicKey)).toBe(false);
    expect(allinpayVerifies({ ...fields, sign }, DOC_MERCHANT_PUBLIC_KEY)).toBe(false);
    expect(allinpayVerifies({ ...fields, sign: '!!not base64' }, merchant.publicKey)).toBe(false);
    expect(allinpayVerifies(fields, merchant.publicKey)).toBe(false);
  });
});
