import { isDomain, isIPv4, isIPv6, isOriginAddress, PORT_MAX, PORT_MIN } from '@nimbus/contract';

/*
 * Every value that lands in an nginx file goes through one of these. The contract validated it
 * already, but the config is a language: a stray quote, `;`, brace, `$` or newline would change
 * its meaning, so each value is checked again where it is written and the compile throws.
 * Throwing fails the publish job loudly instead of shipping a config that says something else.
 */
function unsafe(kind: string, value: unknown): never {
  throw new Error(`unsafe ${kind} for nginx: ${JSON.stringify(value)}`);
}

/** A site's domain as `server_name` takes it: a host name, optionally `*.` in front. */
export function serverName(value: string): string {
  return isDomain(value) ? value.toLowerCase() : unsafe('domain', value);
}

/** An origin: IPv4, IPv6 (no brackets) or a host name nginx resolves when it loads the config. */
export function originAddress(value: string): string {
  return isOriginAddress(value) ? value.toLowerCase() : unsafe('origin address', value);
}

/** Where the node's ports bind: '' (every address), IPv4 or IPv6 (no brackets). */
export function listenAddress(value: string): string {
  return value === '' || isIPv4(value) || isIPv6(value) ? value : unsafe('listen address', value);
}

/** Integers only: ids name files and upstreams, ports and weights are directive arguments. */
export function integer(kind: string, value: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : unsafe(kind, value);
}

export const port = (value: number) => integer('port', value, PORT_MIN, PORT_MAX);

// ACME (RFC 8555 §8.1/§8.3): a token is base64url, a key authorization is `token.thumbprint`.
const ACME_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const ACME_KEY_AUTHORIZATION = /^[A-Za-z0-9_-]{1,256}\.[A-Za-z0-9_-]{1,256}$/;

export function acmeToken(value: string): string {
  return ACME_TOKEN.test(value) ? value : unsafe('ACME token', value);
}

export function acmeKeyAuthorization(value: string): string {
  return ACME_KEY_AUTHORIZATION.test(value) ? value : unsafe('ACME key authorization', value);
}

/** `host:port` as nginx wants it: IPv6 in brackets; an empty host is every address. */
export function hostPort(host: string, portNumber: number): string {
  const p = port(portNumber);
  if (host === '') return String(p);
  return isIPv6(host) ? `[${host}]:${p}` : `${host}:${p}`;
}

/** Code-point order: unlike localeCompare it cannot differ between machines or ICU versions. */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorted, without repeats: listen ports are a set, and a repeated `listen` is an nginx error. */
export const sortedUnique = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b);

/** Indents a block's lines by two spaces. */
export const indent = (lines: readonly string[]) => lines.map((l) => (l === '' ? l : `  ${l}`));

export const block = (head: string, body: readonly string[]) => [`${head} {`, ...indent(body), '}'];

/**
 * The http-level variable holding a literal `$` (see http.ts): inside an nginx string `$` starts
 * a variable, and no escape exists for it, so a customer's `$` is written as this variable.
 */
export const DOLLAR_VARIABLE = 'nimbus_dollar';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A customer's text as one double-quoted nginx string that means exactly the text: `\` and `"`
 * escaped, every `$` the literal-dollar variable. Control characters (a newline would end the
 * directive in the log and in headers) are refused, not escaped.
 */
export function quoted(kind: string, value: string): string {
  if (CONTROL.test(value)) unsafe(kind, value);
  const body = value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\$/g, `\${${DOLLAR_VARIABLE}}`);
  return `"${body}"`;
}

/**
 * A regular expression as a double-quoted nginx string: nginx's parser turns `\\` into `\` and
 * `\"` into `"` and leaves the rest, so every `\` is doubled. `$` stays: a location's or an
 * `if`'s regex is not a script. Named groups become plain ones (same numbers): a name would
 * set an nginx variable of the customer's choosing, e.g. one of ours.
 */
export function quotedRegex(kind: string, pattern: string): string {
  if (CONTROL.test(pattern) || /["\s]/.test(pattern)) unsafe(kind, pattern);
  const plain = pattern.replace(/\(\?<([A-Za-z][A-Za-z0-9_]*)>/g, '(');
  if (plain.includes('(?<') || plain.includes('(?P')) unsafe(kind, pattern);
  return `"${plain.replace(/\\/g, '\\\\')}"`;
}

/**
 * A literal path as a PCRE pattern that matches exactly it: letters, digits and harmless
 * punctuation as they are, `.` escaped, every other byte (UTF-8) as `\xHH`, so no character of
 * it can be a regex operator, a quote or a space (write it with quotedRegex). `decode`: the path is matched against nginx's
 * `$uri`, which is percent-decoded, so `%HH` is matched as the byte it names.
 */
export function pathPattern(path: string, decode: boolean): string {
  // Most paths are plain: only `.` needs escaping (the loop below gives the same text, slower).
  if (/^[A-Za-z0-9/_~!&',=:@.-]*$/.test(path)) return path.replace(/\./g, '\\.');
  const bytes: number[] = [];
  for (let i = 0; i < path.length; i++) {
    const hex = decode && path[i] === '%' ? /^[0-9A-Fa-f]{2}/.exec(path.slice(i + 1)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(path[i]!, 'utf8'));
  }
  return bytes
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9/_~!&',=:@%-]/.test(c)) return c;
      return c === '.' ? '\\.' : `\\x${b.toString(16).padStart(2, '0')}`;
    })
    .join('');
}
