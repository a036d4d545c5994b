import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMessageKey } from '../messages';
import { valueRules } from './rules';
import {
  zCidr,
  zDomain,
  zDomainList,
  zEmail,
  zHostname,
  zIdCard,
  zIp,
  zIpList,
  zIpv4,
  zIpv6,
  zMobile,
  zUsername,
  zPassword,
  zPort,
  zResetPassword,
  zUrl,
} from './zod';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('zod helpers', () => {
  it('every rule message is a catalogue key', () => {
    for (const rule of Object.values(valueRules)) expect(isMessageKey(rule.message)).toBe(true);
  });

  it.each([
    ['zDomain', zDomain(), 'example.com', 'a_b.com', 'validation.domain'],
    ['zHostname', zHostname(), 'smtp.qq.com', '*.qq.com', 'validation.domain'],
    ['zIp', zIp(), '10.0.0.0/8', '10.0.0.0/33', 'validation.ip'],
    ['zIpv4', zIpv4(), '1.2.3.4', '::1', 'validation.ip'],
    ['zIpv6', zIpv6(), '::1', '1.2.3.4', 'validation.ip'],
    ['zCidr', zCidr(), '::/0', '1.2.3.4', 'validation.ip'],
    ['zUrl', zUrl(), 'https://a.cn/x', 'a.cn/x', 'validation.url'],
    ['zMobile', zMobile(), '13800138000', '1234', 'validation.mobile'],
    ['zEmail', zEmail(), 'a@b.cn', 'a@b', 'validation.email'],
    ['zUsername', zUsername(), 'demo', 'demo@example.com', 'validation.username'],
    ['zPassword', zPassword(), 'abcd', 'abc中d', 'validation.password'],
    ['zResetPassword', zResetPassword(), 'abcd', 'a'.repeat(31), 'validation.passwordLength'],
    ['zIdCard', zIdCard(), '11010519491231002X', '110105194912310021', 'validation.idCard'],
  ])('%s: valid passes, invalid carries its key, empty is required', (_name, schema, valid, invalid, key) => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(firstMessage(schema, invalid)).toBe(key);
    expect(firstMessage(schema, '')).toBe('validation.required');
  });

  it('normalises domains and trims text, but never passwords', () => {
    expect(zDomain().parse('  WWW.Example.COM ')).toBe('www.example.com');
    expect(zEmail().parse(' a@b.cn ')).toBe('a@b.cn');
    expect(zPassword().parse(' abcd ')).toBe(' abcd ');
    expect(firstMessage(zDomain(), '   ')).toBe('validation.required');
  });

  it('zPort takes numbers or digit strings and gives a number', () => {
    expect(zPort().parse(80)).toBe(80);
    expect(zPort().parse('65535')).toBe(65535);
    expect(firstMessage(zPort(), 0)).toBe('validation.port');
    expect(firstMessage(zPort(), 65536)).toBe('validation.port');
    expect(firstMessage(zPort(), '80a')).toBe('validation.port');
    expect(firstMessage(zPort(), true)).toBe('validation.port');
    expect(firstMessage(z.object({ port: zPort() }), {})).toBe('validation.required');
  });

  it('list helpers return the entries or name the offending line', () => {
    expect(zDomainList().parse('a.com\nB.com\n')).toEqual(['a.com', 'b.com']);
    expect(zIpList().parse('1.2.3.4\n::1')).toEqual(['1.2.3.4', '::1']);
    const result = zDomainList().safeParse('a.com\nbad_one');
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.message).toBe('validation.domainList');
    expect(issue).toMatchObject({ params: { value: 'bad_one', line: 2 } });
    expect(firstMessage(zIpList(), '1.2.3.4\n1.2.3.4')).toBe('validation.ipList');
  });

  it('produces a JSON schema for request documentation', () => {
    expect(() =>
      z.toJSONSchema(z.object({ d: zDomain(), p: zPort(), l: zDomainList() }), { io: 'input' }),
    ).not.toThrow();
  });
});
