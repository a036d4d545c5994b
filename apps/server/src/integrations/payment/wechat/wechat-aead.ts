import crypto from 'node:crypto';

/**
 * AEAD_AES_256_GCM as WeChat Pay uses it for notification resources ("证书和回调报文解密"):
 * the key is the 32-byte APIv3 key, the nonce a 12-character string, `associated_data` may be
 * empty, and `ciphertext` is base64 of the encrypted bytes followed by the 16-byte tag.
 */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
  original_type?: string;
}

export const AEAD_ALGORITHM = 'AEAD_AES_256_GCM';
const TAG_BYTES = 16;

/** The plaintext, or null when anything is off (algorithm, key, nonce, tag): it is then not WeChat Pay's. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string | null {
  const key = Buffer.from(apiV3Key, 'utf8');
  const nonce = Buffer.from(resource.nonce ?? '', 'utf8');
  if (resource.algorithm !== AEAD_ALGORITHM || key.length !== 32 || nonce.length === 0) return null;
  if (typeof resource.ciphertext !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(resource.ciphertext))
    return null;
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  if (sealed.length <= TAG_BYTES) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

/** The other direction, as WeChat Pay does it (the fake provider and tests use it). */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  nonce = crypto.randomBytes(6).toString('hex'),
): EncryptedResource {
  const cipher = crypto.createCipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(nonce, 'utf8'),
  );
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: 'transaction',
    algorithm: AEAD_ALGORITHM,
    ciphertext: sealed.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}
