import type crypto from 'node:crypto';
import { parseRsaPrivateKey, parseRsaPublicKey } from '../certification/alipay/alipay-sign';

/**
 * A gateway's configured key pair (ours to sign, the provider's to verify), parsed once from PEM
 * or the bare base64 the providers' tools print. Both must be RSA: a pasted EC key would make
 * Node sign ECDSA, which no provider here accepts.
 */
export function rsaKeyPair(
  privateText: string,
  publicText: string,
  gateway: string,
): { privateKey: crypto.KeyObject; publicKey: crypto.KeyObject } {
  const privateKey = parseRsaPrivateKey(privateText);
  const publicKey = parseRsaPublicKey(publicText);
  if (privateKey.asymmetricKeyType !== 'rsa' || publicKey.asymmetricKeyType !== 'rsa')
    throw new Error(`${gateway}: the keys are not RSA keys`);
  return { privateKey, publicKey };
}
