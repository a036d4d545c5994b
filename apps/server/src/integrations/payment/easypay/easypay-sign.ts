import crypto from 'node:crypto';

/**
 * The easy-pay signature: the parameters other than `sign` and `sign_type`, and without empty
 * values, sorted by name, joined as `a=1&b=2`, then the merchant key appended directly; MD5,
 * lower-case hex.
 */
export function easypaySign(params: Readonly<Record<string, string>>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return crypto
    .createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}
