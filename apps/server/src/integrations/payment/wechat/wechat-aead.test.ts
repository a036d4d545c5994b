import { describe, expect, it } from 'vitest';
import { decryptResource, encryptResource, type EncryptedResource } from './wechat-aead';

const KEY = 'NimbusTestApiV3Key00000000000032';
const PLAINTEXT =
  '{"out_trade_no":"20240101000000123456","trade_state":"SUCCESS","amount":{"total":100,"currency":"CNY"}}';

/**
 * Computed with another implementation (Python `cryptography`'s AESGCM: key, nonce and
 * associated data as UTF-8 bytes, the tag appended to the ciphertext, base64), as WeChat Pay's
 * "证书和回调报文解密" describes.
 */
const VECTOR: EncryptedResource = {
  algorithm: 'AEAD_AES_256_GCM',
  nonce: 'a1b2c3d4e5f6',
  associated_data: 'transaction',
  ciphertext:
    'F3ahs7Cfl+gduRAFkbjp6jUUFX/pbFi6nJCKf8nEAf7MNDGCO9mYTtVcPxZF7+xFEEd67WmRY04wLTcgKSpibh5EQmkNn+w2gIbe2m0R8xmTjts0kgFKSIPe1L09UYuvQi4wkwqfdUxFQZw4zmOX1wiRWdvHHQI=',
};

describe('AEAD_AES_256_GCM resources', () => {
  it('decrypts the known vector, and encrypts it back the same', () => {
    expect(decryptResource(KEY, VECTOR)).toBe(PLAINTEXT);
    expect(encryptResource(KEY, PLAINTEXT, 'transaction', VECTOR.nonce).ciphertext).toBe(VECTOR.ciphertext);
  });

  it('round-trips with an empty associated_data', () => {
    const sealed = encryptResource(KEY, '{"a":1}', '');
    expect(decryptResource(KEY, sealed)).toBe('{"a":1}');
  });

  it('refuses another key, a changed ciphertext, nonce or associated data', () => {
    expect(decryptResource('NimbusTestApiV3Key00000000000033', VECTOR)).toBeNull();
    const flipped = Buffer.from(VECTOR.ciphertext, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(decryptResource(KEY, { ...VECTOR, ciphertext: flipped.toString('base64') })).toBeNull();
    expect(decryptResource(KEY, { ...VECTOR, nonce: 'a1b2c3d4e5f7' })).toBeNull();
    expect(decryptResource(KEY, { ...VECTOR, associated_data: 'refund' })).toBeNull();
  });

  it('refuses malformed input instead of throwing', () => {
    expect(decryptResource('short', VECTOR)).toBeNull();
    expect(decryptResource(KEY, { ...VECTOR, algorithm: 'AEAD_SM4_GCM' })).toBeNull();
    expect(decryptResource(KEY, { ...VECTOR, ciphertext: 'not base64!' })).toBeNull();
    expect(decryptResource(KEY, { ...VECTOR, ciphertext: 'AAAA' })).toBeNull();
    expect(decryptResource(KEY, { ...VECTOR, nonce: '' })).toBeNull();
  });
});
