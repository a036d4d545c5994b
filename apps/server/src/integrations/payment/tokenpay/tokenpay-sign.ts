import crypto from 'node:crypto';
import { signatureMatches } from '../signature-match';

/**
 * TokenPay's signature (LightCountry/TokenPay Wiki/docs.md, "参数签名"; HomeController
 * VerifySignature and OrderNotifyService on the server): every field but `Signature`, without
 * empty values, sorted by name, joined `key1=value1&key2=value2` with raw values, the ApiToken
 * appended directly, MD5 over UTF-8, lower-case hex. The same both ways: our CreateOrder request
 * and TokenPay's notification. (.NET sorts them with a culture-aware comparer; for TokenPay's
 * field names, all ASCII letters starting upper case, that is the same order as by code unit.)
 */
export function tokenpaySignContent(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

export function tokenpaySign(params: Readonly<Record<string, string>>, apiToken: string): string {
  return crypto
    .createHash('md5')
    .update(tokenpaySignContent(params) + apiToken, 'utf8')
    .digest('hex');
}

export function tokenpaySigned(params: Readonly<Record<string, string>>, apiToken: string): boolean {
  return signatureMatches(tokenpaySign(params, apiToken), params.Signature);
}

/**
 * A notification's JSON members as the text TokenPay signed: strings as they are, integers
 * (Status, IsDynamicAmount) as written, null as no value. Anything else (fractions, booleans,
 * nested values), whose .NET text we cannot know for sure, makes it unreadable: null.
 */
export function membersAsText(json: unknown): Record<string, string> | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(json)) {
    if (typeof value === 'string') out[name] = value;
    else if (Number.isSafeInteger(value)) out[name] = String(value);
    else if (value === null) out[name] = '';
    else return null;
  }
  return out;
}

/**
 * Cents as the `ActualAmount` decimal, written the shortest way (1500 → "15", 1550 → "15.5",
 * 1234 → "12.34"): this text is both signed and sent as the JSON number, and .NET's decimal keeps
 * the scale it was written with, so "15.50" sent would be "15.50" to the server's signature too.
 */
export function tokenpayAmount(cents: number): string {
  const units = Math.trunc(cents / 100);
  const fraction = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${units}.${fraction}` : String(units);
}
