import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alipayTimestamp, signedParams, verifiedAnswer } from './alipay-gateway';
import {
  alipaySignContent,
  parseRsaPrivateKey,
  parseRsaPublicKey,
  rsa2Sign,
  rsa2Verify,
  topLevelMembers,
} from './alipay-sign';

const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (key: crypto.KeyObject, type: 'pkcs8' | 'pkcs1' | 'spki') =>
  (key.export as (o: object) => Buffer)({ type, format: 'der' }).toString('base64');

describe('the RSA2 content to sign', () => {
  it('sorts by name, drops sign and empty values, keeps sign_type and raw values', () => {
    // The shape of the documentation's example (自行实现签名): values are not URL-encoded.
    const content = alipaySignContent({
      timestamp: '2014-07-24 03:07:50',
      method: 'alipay.user.certify.open.query',
      app_id: '2014072300007148',
      sign_type: 'RSA2',
      sign: 'ignored',
      app_auth_token: '',
      biz_content: '{"certify_id":"abc"}',
      charset: 'utf-8',
      version: '1.0',
    });
    expect(content).toBe(
      'app_id=2014072300007148&biz_content={"certify_id":"abc"}&charset=utf-8&' +
        'method=alipay.user.certify.open.query&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0',
    );
  });

  it('signs SHA256withRSA (PKCS#1 v1.5): what openssl-style verification accepts', () => {
    const sign = rsa2Sign('a=1&b=2', app.privateKey);
    const direct = crypto.createVerify('RSA-SHA256').update('a=1&b=2').verify(app.publicKey, sign, 'base64');
    expect(direct).toBe(true);
    expect(rsa2Verify('a=1&b=2', sign, app.publicKey)).toBe(true);
    expect(rsa2Verify('a=1&b=3', sign, app.publicKey)).toBe(false);
    expect(rsa2Verify('a=1&b=2', sign, alipay.publicKey)).toBe(false);
    expect(rsa2Verify('a=1&b=2', 'not base64 at all!', app.publicKey)).toBe(false);
  });

  it('reads keys as the Alipay tools print them, or PEM', () => {
    const sign = rsa2Sign('x', app.privateKey);
    for (const text of [
      b64(app.privateKey, 'pkcs8'),
      b64(app.privateKey, 'pkcs1'),
      app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ])
      expect(rsa2Sign('x', parseRsaPrivateKey(text))).toBe(sign);
    for (const text of [
      b64(app.publicKey, 'spki'),
      b64(app.publicKey, 'pkcs1'),
      app.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ])
      expect(rsa2Verify('x', sign, parseRsaPublicKey(text))).toBe(true);
    expect(() => parseRsaPrivateKey('bm90IGEga2V5')).toThrow();
  });

  it('stamps Beijing time', () => {
    expect(alipayTimestamp(new Date('2024-01-01T16:30:05Z'))).toBe('2024-01-02 00:30:05');
  });

  it('signs the public parameters and biz_content of a call', () => {
    const keys = {
      appId: '2021',
      endpoint: 'https://gw',
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
    };
    const params = signedParams(keys, 'alipay.user.certify.open.query', { certify_id: 'c1' }, new Date(0));
    expect(params).toMatchObject({
      app_id: '2021',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '1970-01-01 08:00:00',
      biz_content: '{"certify_id":"c1"}',
    });
    expect(rsa2Verify(alipaySignContent(params), params.sign!, app.publicKey)).toBe(true);
  });
});

describe('an Alipay answer', () => {
  const node = (content: string, key = alipay.privateKey) =>
    `{"alipay_user_certify_open_query_response":${content},"sign":"${rsa2Sign(content, key)}"}`;

  it('finds each top-level member as the exact text received', () => {
    const raw = '{ "a_response" : {"x":"}\\",{","y":[1,{"z":2}]} ,"n":12,"s":"q\\"}", "sign":"AB=" }';
    const members = topLevelMembers(raw)!;
    expect(members.get('a_response')).toBe('{"x":"}\\",{","y":[1,{"z":2}]}');
    expect(members.get('n')).toBe('12');
    expect(members.get('s')).toBe('"q\\"}"');
    expect(members.get('sign')).toBe('"AB="');
    expect(topLevelMembers('[1]')).toBeUndefined();
    expect(topLevelMembers('{"a":')).toBeUndefined();
  });

  it('is trusted only when the response node verifies with Alipay’s key, byte for byte', () => {
    // Spacing as sent matters: the signature covers the text, not a re-serialisation.
    const content = '{"code":"10000", "msg":"Success","passed":"T"}';
    expect(verifiedAnswer(node(content), 'alipay.user.certify.open.query', alipay.publicKey)).toMatchObject({
      code: '10000',
      passed: 'T',
    });
    const tampered = node(content).replace('"passed":"T"', '"passed":"F"');
    expect(verifiedAnswer(tampered, 'alipay.user.certify.open.query', alipay.publicKey)).toBeUndefined();
    const forged = node(content, app.privateKey);
    expect(verifiedAnswer(forged, 'alipay.user.certify.open.query', alipay.publicKey)).toBeUndefined();
    const unsigned = `{"alipay_user_certify_open_query_response":${content}}`;
    expect(verifiedAnswer(unsigned, 'alipay.user.certify.open.query', alipay.publicKey)).toBeUndefined();
    // Another method's node is not this answer.
    expect(
      verifiedAnswer(node(content), 'alipay.user.certify.open.initialize', alipay.publicKey),
    ).toBeUndefined();
  });

  it('reads a signed error_response', () => {
    const content = '{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.invalid-app-id"}';
    const raw = `{"error_response":${content},"sign":"${rsa2Sign(content, alipay.privateKey)}"}`;
    expect(verifiedAnswer(raw, 'alipay.user.certify.open.query', alipay.publicKey)).toMatchObject({
      sub_code: 'isv.invalid-app-id',
    });
  });
});
