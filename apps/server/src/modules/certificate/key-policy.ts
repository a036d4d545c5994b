import type { KeyObject, X509Certificate } from 'node:crypto';

/**
 * What the edges' OpenSSL (Debian, security level 2) loads and what browsers still accept. A key
 * or signature outside it makes `nginx -t` refuse the whole node config, so it is refused at the
 * door: RSA of 2048 bits or more, EC on P-256 or P-384, Ed25519; no MD5 or SHA-1 signatures.
 */
export type KeyPolicyProblem = 'weakKey' | 'weakSignature';

const MIN_RSA_BITS = 2048;
const CURVES = new Set(['prime256v1', 'P-256', 'secp384r1', 'P-384']);

export function keyProblem(key: KeyObject): KeyPolicyProblem | undefined {
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'rsa':
    case 'rsa-pss':
      return (details.modulusLength ?? 0) >= MIN_RSA_BITS ? undefined : 'weakKey';
    case 'ec':
      return CURVES.has(details.namedCurve ?? '') ? undefined : 'weakKey';
    case 'ed25519':
      return undefined;
    default:
      return 'weakKey';
  }
}

/**
 * Signature algorithm identifiers (DER: OID tag, length, value) of MD5 and SHA-1 signatures.
 * node:crypto does not name a certificate's signature algorithm, and these encoded OIDs cannot
 * occur by chance in the rest of a certificate, so finding one is finding such a signature.
 */
const WEAK_SIGNATURES = [
  '06092a864886f70d010104', // md5WithRSAEncryption
  '06092a864886f70d010105', // sha1WithRSAEncryption
  '06072a8648ce3d0401', // ecdsa-with-SHA1
  '06072a8648ce380403', // dsa-with-sha1
  '06052b0e03021d', // sha1WithRSASignature (OIW)
].map((hex) => Buffer.from(hex, 'hex'));

/** A self-signed root's own signature is never checked by a client, so only issued ones count. */
export function signatureProblem(cert: X509Certificate): KeyPolicyProblem | undefined {
  if (cert.checkIssued(cert)) return undefined;
  return WEAK_SIGNATURES.some((oid) => cert.raw.includes(oid)) ? 'weakSignature' : undefined;
}
