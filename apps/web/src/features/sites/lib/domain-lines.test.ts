import { describe, expect, it } from 'vitest';
import { checkDomainLines } from '@/features/sites/lib/domain-lines';

describe('bulk domain lines', () => {
  it('counts distinct valid domains, blank lines ignored', () => {
    expect(checkDomainLines('a.example.com\n\n*.example.net\n')).toEqual({ count: 2 });
  });

  it('names the first bad or repeated line with its number as typed', () => {
    expect(checkDomainLines('a.example.com\n\nnot a domain').problem).toEqual({
      kind: 'invalid',
      line: 3,
      value: 'not a domain',
    });
    expect(checkDomainLines('a.example.com\nA.example.com').problem).toEqual({
      kind: 'duplicate',
      line: 2,
      value: 'A.example.com',
    });
  });

  it('refuses an empty list and more than the bulk limit', () => {
    expect(checkDomainLines('  \n').problem).toEqual({ kind: 'empty' });
    const many = Array.from({ length: 501 }, (_, i) => `d${i}.example.com`).join('\n');
    expect(checkDomainLines(many)).toEqual({
      count: 501,
      problem: { kind: 'tooMany', count: 501, max: 500 },
    });
  });
});
