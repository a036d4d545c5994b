import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Seals secrets at rest (certificate private keys, the ACME account key) with AES-256-GCM.
 * The key comes from NIMBUS_SECRET_KEY (32 bytes, base64) or from `<DATA_DIR>/secret.key`,
 * created on first use; a database dump alone does not reveal what it seals.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** Bytes in, bytes out (a backup file): magic, iv, tag, then the ciphertext. */
  sealBytes(plain: Buffer): Buffer;
  /** Throws when `sealed` was not made by sealBytes with this key. */
  openBytes(sealed: Buffer): Buffer;
}

const VERSION = 'v1';
const BYTES_MAGIC = Buffer.from('NBX1');

export function secretBoxFromKey(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
    sealBytes(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([BYTES_MAGIC, iv, cipher.getAuthTag(), body]);
    },
    openBytes(sealed) {
      if (sealed.length < 32 || !sealed.subarray(0, 4).equals(BYTES_MAGIC))
        throw new Error('not sealed bytes');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(4, 16));
      decipher.setAuthTag(sealed.subarray(16, 32));
      return Buffer.concat([decipher.update(sealed.subarray(32)), decipher.final()]);
    },
  };
}

/** The configured box; the key file is read (or made, 0600) on first use, not at start. */
export function secretBox(options: { keyBase64: string | undefined; dataDir: string }): SecretBox {
  let box: SecretBox | undefined;
  const load = () => {
    if (box) return box;
    if (options.keyBase64) return (box = secretBoxFromKey(Buffer.from(options.keyBase64, 'base64')));
    const file = path.join(options.dataDir, 'secret.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    }
    return (box = secretBoxFromKey(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')));
  };
  return {
    seal: (plain) => load().seal(plain),
    open: (sealed) => load().open(sealed),
    sealBytes: (plain) => load().sealBytes(plain),
    openBytes: (sealed) => load().openBytes(sealed),
  };
}
