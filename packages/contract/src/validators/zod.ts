import { z } from 'zod';
import { parseDomainList, parseIpList, type LineListResult } from './lists';
import { valueRules, type ValueRuleName } from './rules';

/**
 * Zod schemas for the spec §5 validators. Messages are catalogue keys: the server's error
 * handler translates the first issue into the request's language and names the field.
 * An empty value reports 'validation.required' rather than a format error.
 */
function text(rule: ValueRuleName, normalize: 'trim' | 'trimLower' | 'none' = 'trim') {
  const { test, message } = valueRules[rule];
  let schema = z.string();
  if (normalize !== 'none') schema = schema.trim();
  if (normalize === 'trimLower') schema = schema.toLowerCase();
  return schema.min(1, { message: 'validation.required', abort: true }).refine(test, { message });
}

export const zDomain = () => text('domain', 'trimLower');
/** A host name without wildcard (e.g. SMTP server, cache refresh targets). */
export const zHostname = () => text('hostname', 'trimLower');
export const zIp = () => text('ip');
export const zIpv4 = () => text('ipv4');
export const zIpv6 = () => text('ipv6');
export const zCidr = () => text('cidr');
export const zUrl = () => text('url');
export const zMobile = () => text('mobile');
export const zEmail = () => text('email');
export const zUsername = () => text('username');
export const zIdCard = () => text('idCard', 'none');
/** Passwords are never trimmed: a space is a character the user chose. */
export const zPassword = () => text('password', 'none');
export const zResetPassword = () => text('resetPassword', 'none');

/** Port as a JSON number or a string of digits (form inputs); the parsed value is a number. */
export const zPort = () =>
  z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.port',
    })
    .refine(valueRules.port.test, { message: valueRules.port.message })
    .transform((value) => Number(value));

function lineList(
  parse: (text: string) => LineListResult,
  message: 'validation.domainList' | 'validation.ipList',
) {
  return z.string().transform((value, ctx) => {
    const result = parse(value);
    if (result.ok) return result.items;
    // `params.value` fills the message's {value}, so the user sees which line is wrong.
    ctx.addIssue({
      code: 'custom',
      message,
      input: value,
      params: { value: result.value, line: result.line },
    });
    return z.NEVER;
  });
}

/** Textarea text, one domain per line → the distinct lower-cased domains. */
export const zDomainList = () => lineList(parseDomainList, 'validation.domainList');
/** Textarea text, one IPv4 / IPv6 / CIDR per line → the distinct entries. */
export const zIpList = () => lineList(parseIpList, 'validation.ipList');
