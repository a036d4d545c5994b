import { describe, expect, it } from 'vitest';
import { parseDomainList, parseIpList, parseLineList } from './lists';

describe('parseDomainList', () => {
  it('splits lines, trims, skips blanks and lower-cases', () => {
    expect(parseDomainList(' a.com \n\n*.B.com\r\n   \nc.cn\n')).toEqual({
      ok: true,
      items: ['a.com', '*.b.com', 'c.cn'],
    });
  });
  it('accepts an empty text as an empty list', () => {
    expect(parseDomainList('')).toEqual({ ok: true, items: [] });
    expect(parseDomainList('\n  \n')).toEqual({ ok: true, items: [] });
  });
  it('reports the first invalid line with its line number', () => {
    expect(parseDomainList('a.com\n\nbad_domain\nalso bad')).toEqual({
      ok: false,
      line: 3,
      value: 'bad_domain',
      reason: 'invalid',
    });
  });
  it('reports a duplicate, ignoring case', () => {
    expect(parseDomainList('a.com\nb.com\nA.COM')).toEqual({
      ok: false,
      line: 3,
      value: 'A.COM',
      reason: 'duplicate',
    });
  });
  it('treats a wildcard and its base as different entries', () => {
    expect(parseDomainList('*.a.com\na.com').ok).toBe(true);
  });
});

describe('parseIpList', () => {
  it('accepts IPv4, IPv6 and CIDR lines', () => {
    expect(parseIpList('1.2.3.4\n::1\n10.0.0.0/8\n')).toEqual({
      ok: true,
      items: ['1.2.3.4', '::1', '10.0.0.0/8'],
    });
  });
  it('reports an invalid line', () => {
    expect(parseIpList('1.2.3.4\n1.2.3.4/33')).toMatchObject({ ok: false, line: 2, reason: 'invalid' });
  });
  it('reports duplicates, including two spellings of one IPv6 address', () => {
    expect(parseIpList('1.2.3.4\n 1.2.3.4 ')).toMatchObject({
      ok: false,
      line: 2,
      value: '1.2.3.4',
      reason: 'duplicate',
    });
    expect(parseIpList('::1\n0:0:0::0001')).toMatchObject({ ok: false, line: 2, reason: 'duplicate' });
    expect(parseIpList('FE80::1\nfe80::1')).toMatchObject({ ok: false, reason: 'duplicate' });
  });
  it('keeps different prefixes of one address apart', () => {
    expect(parseIpList('10.0.0.0/8\n10.0.0.0/16\n10.0.0.0').ok).toBe(true);
  });
});

describe('parseLineList', () => {
  it('uses the given predicate', () => {
    expect(parseLineList('1\n2\nx', (l) => /^\d+$/.test(l))).toMatchObject({
      ok: false,
      line: 3,
      value: 'x',
    });
  });
});
