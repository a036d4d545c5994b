import crypto from 'node:crypto';

/**
 * Alipay open platform RSA2 (opendocs.alipay.com "自行实现签名"): every request parameter but
 * `sign`, without empty values, sorted by name (ASCII), joined as `a=1&b=2` with raw (not
 * URL-encoded) values; SHA256withRSA (PKCS#1 v1.5) with the application's private key, base64.
 * `sign_type` is signed like any other parameter in requests.
 */
export function alipaySignContent(params: Readonly<Record<string, string | undefined>>): string {
  return Object.keys(params)
    .filter((name) => name !== 'sign' && params[name] !== undefined && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKey: crypto.KeyObject): string {
  return crypto.sign('sha256', Buffer.from(content, 'utf8'), privateKey).toString('base64');
}

export function rsa2Verify(content: string, signature: string, publicKey: crypto.KeyObject): boolean {
  try {
    return crypto.verify('sha256', Buffer.from(content, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

const der = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'base64');

/**
 * A key as Alipay's key tool prints it (bare base64: PKCS#8 for the private key, SPKI for the
 * public one; PKCS#1 for some languages) or as PEM. Throws when it is none of them.
 */
export function parseRsaPrivateKey(text: string): crypto.KeyObject {
  if (text.includes('-----BEGIN')) return crypto.createPrivateKey(text);
  try {
    return crypto.createPrivateKey({ key: der(text), format: 'der', type: 'pkcs8' });
  } catch {
    return crypto.createPrivateKey({ key: der(text), format: 'der', type: 'pkcs1' });
  }
}

export function parseRsaPublicKey(text: string): crypto.KeyObject {
  if (text.includes('-----BEGIN')) return crypto.createPublicKey(text);
  try {
    return crypto.createPublicKey({ key: der(text), format: 'der', type: 'spki' });
  } catch {
    return crypto.createPublicKey({ key: der(text), format: 'der', type: 'pkcs1' });
  }
}

/**
 * The members of a JSON object's top level, each value as the exact text received. Alipay signs
 * the text of the `<method>_response` value as it sent it, so it is verified byte for byte,
 * never re-serialised. Undefined when the text is not one JSON object.
 */
export function topLevelMembers(raw: string): Map<string, string> | undefined {
  const members = new Map<string, string>();
  let i = 0;
  const space = () => {
    while (/\s/.test(raw[i] ?? '')) i++;
  };
  const stringEnd = (from: number) => {
    for (let j = from + 1; j < raw.length; j++) {
      if (raw[j] === '\\') j++;
      else if (raw[j] === '"') return j + 1;
    }
    return -1;
  };
  const valueEnd = (from: number) => {
    if (raw[from] === '"') return stringEnd(from);
    let depth = 0;
    for (let j = from; j < raw.length; j++) {
      const c = raw[j]!;
      if (c === '"') {
        j = stringEnd(j) - 1;
        if (j < 0) return -1;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) return j;
        if (--depth === 0) return j + 1;
      } else if (c === ',' && depth === 0) return j;
    }
    return -1;
  };
  space();
  if (raw[i++] !== '{') return undefined;
  for (;;) {
    space();
    if (raw[i] === '}' && members.size === 0) break;
    if (raw[i] !== '"') return undefined;
    const keyEnd = stringEnd(i);
    if (keyEnd < 0) return undefined;
    const key = JSON.parse(raw.slice(i, keyEnd)) as string;
    i = keyEnd;
    space();
    if (raw[i++] !== ':') return undefined;
    space();
    const end = valueEnd(i);
    if (end <= i) return undefined;
    members.set(key, raw.slice(i, end).trimEnd());
    i = end;
    space();
    if (raw[i] === ',') i++;
    else if (raw[i] === '}') break;
    else return undefined;
  }
  return members;
}
