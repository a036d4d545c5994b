import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  authorization,
  parseAuthorization,
  requestMessage,
  rsaSign,
  rsaVerify,
  signedHeaders,
  verifySigned,
} from './wechat-sign';

const merchantKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const platformKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = { serial: 'PUB_KEY_ID_0114232134912410000000000000', publicKey: platformKeys.publicKey };
const signer = { serial: platform.serial, privateKey: platformKeys.privateKey };

describe("signature strings (the docs' own examples)", () => {
  it('builds the request string of "签名生成": five lines, each ended by \\n, an empty GET body included', () => {
    expect(
      requestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', ''),
    ).toBe('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n');
  });

  it('builds the answer string of "签名验证": timestamp, nonce and body, each ended by \\n', () => {
    const body = '{"prepay_id":"wx2922034726858082fbd40b511c67630000"}';
    expect(answerMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', body)).toBe(
      `1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n${body}\n`,
    );
  });
});

describe('request Authorization', () => {
  const merchant = {
    mchId: '1900009191',
    serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
    privateKey: merchantKeys.privateKey,
  };
  const request = {
    method: 'POST',
    pathWithQuery: '/v3/pay/transactions/native',
    body: '{"amount":{"total":1}}',
  };

  it('carries mchid, nonce_str, timestamp, serial_no and a SHA256-RSA signature of the request string', () => {
    const header = authorization(merchant, request, '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242');
    expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 mchid="1900009191",')).toBe(true);
    const fields = parseAuthorization(header)!;
    expect(fields).toMatchObject({
      mchid: '1900009191',
      nonce_str: '593BEC0C930BF1AFEB40B4A08C8FB242',
      timestamp: '1554208460',
      serial_no: merchant.serialNo,
    });
    const message = requestMessage(
      'POST',
      request.pathWithQuery,
      '1554208460',
      fields.nonce_str!,
      request.body,
    );
    expect(rsaVerify(message, fields.signature!, merchantKeys.publicKey)).toBe(true);
    expect(
      rsaVerify(message.replace('"total":1', '"total":2'), fields.signature!, merchantKeys.publicKey),
    ).toBe(false);
    expect(rsaVerify(message, fields.signature!, otherKeys.publicKey)).toBe(false);
  });

  it('is deterministic for the same inputs (PKCS#1 v1.5) and reads nothing from another scheme', () => {
    expect(rsaSign('x\n', merchantKeys.privateKey)).toBe(rsaSign('x\n', merchantKeys.privateKey));
    expect(parseAuthorization('Bearer abc')).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
  });
});

describe('verifySigned (answers and notifications)', () => {
  const now = Date.UTC(2025, 0, 1, 8, 0, 0);
  const stamp = (offsetSeconds: number) => String(Math.floor(now / 1000) + offsetSeconds);
  const body = '{"id":"EV-2018022511223320873","resource_type":"encrypt-resource"}';
  const check = (headers: Record<string, string>, text = body) =>
    verifySigned(platform, (name) => headers[name], text, now);

  it("accepts WeChat Pay's signature over the exact body, within five minutes either way", () => {
    expect(check(signedHeaders(signer, body, stamp(0)))).toBe(true);
    expect(check(signedHeaders(signer, body, stamp(-299)))).toBe(true);
    expect(check(signedHeaders(signer, body, stamp(299)))).toBe(true);
  });

  it('refuses an old or future signature, another key, another serial, a changed body, a missing header', () => {
    expect(check(signedHeaders(signer, body, stamp(-301)))).toBe(false);
    expect(check(signedHeaders(signer, body, stamp(301)))).toBe(false);
    expect(check(signedHeaders({ ...signer, privateKey: otherKeys.privateKey }, body, stamp(0)))).toBe(false);
    expect(check(signedHeaders({ ...signer, serial: 'PUB_KEY_ID_OTHER' }, body, stamp(0)))).toBe(false);
    expect(check(signedHeaders(signer, body, stamp(0)), body.replace('EV-', 'EX-'))).toBe(false);
    const { 'wechatpay-nonce': _nonce, ...withoutNonce } = signedHeaders(signer, body, stamp(0));
    expect(check(withoutNonce)).toBe(false);
  });

  it("refuses malformed signatures and timestamps, and WeChat Pay's signature probes", () => {
    const good = signedHeaders(signer, body, stamp(0));
    expect(check({ ...good, 'wechatpay-signature': 'not base64!' })).toBe(false);
    expect(check({ ...good, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' })).toBe(false);
    expect(check({ ...good, 'wechatpay-timestamp': `${stamp(0)}.5` })).toBe(false);
  });
});
