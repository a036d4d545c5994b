import { isIPv6 } from '@nimbus/contract';

/**
 * Values that land in nginx files. Everything reaching the compiler was validated by the
 * contract, but the config is a language: a stray quote, brace or newline would change its
 * meaning, so each value is checked once more where it is written and the compile throws.
 */
const SAFE_NAME = /^[a-z0-9*.:\-[\]]+$/i;
const SAFE_TOKEN = /^[A-Za-z0-9_\-.]+$/;

export function name(value: string): string {
  if (!SAFE_NAME.test(value)) throw new Error(`unsafe name for nginx: ${JSON.stringify(value)}`);
  return value;
}

/** ACME tokens and key authorizations are base64url with a dot: anything else is refused. */
export function token(value: string): string {
  if (!SAFE_TOKEN.test(value)) throw new Error(`unsafe token for nginx: ${JSON.stringify(value)}`);
  return value;
}

/** `host:port` as nginx wants it: IPv6 in brackets; an empty host is every address. */
export function hostPort(host: string, port: number): string {
  if (host === '') return String(port);
  return isIPv6(host) ? `[${name(host)}]:${port}` : `${name(host)}:${port}`;
}

/** Indents a block's lines by two spaces. */
export const indent = (lines: readonly string[]) => lines.map((l) => (l === '' ? l : `  ${l}`));

export const block = (head: string, body: readonly string[]) => [`${head} {`, ...indent(body), '}'];
