import { describe, expect, it } from 'vitest';
import { headerLinesOf, parseHeaderLines } from '@/features/site-admin/components/rules/header-lines';

describe('header rules one per line', () => {
  it('reads set, add and delete lines, keeping colons inside the content and skipping blank lines', () => {
    const parsed = parseHeaderLines('X-A: 1\n\n+Link: <https://a.example/x>; rel=preload\n- X-Powered-By\n');
    expect(parsed).toEqual({
      ok: true,
      rules: [
        { action: 'set', name: 'X-A', content: '1', remark: '' },
        { action: 'add', name: 'Link', content: '<https://a.example/x>; rel=preload', remark: '' },
        { action: 'delete', name: 'X-Powered-By', content: '', remark: '' },
      ],
    });
  });

  it('names the line without a colon or a name', () => {
    expect(parseHeaderLines('X-A: 1\nX-B')).toEqual({ ok: false, problem: { line: 2, kind: 'noColon' } });
    expect(parseHeaderLines(': v')).toEqual({ ok: false, problem: { line: 1, kind: 'noName' } });
  });

  it('round-trips rules and keeps the remark of a rule named again', () => {
    const rules = [
      { action: 'set' as const, name: 'X-A', content: 'a b', remark: 'token' },
      { action: 'delete' as const, name: 'Server', content: '', remark: '' },
    ];
    expect(headerLinesOf(rules)).toBe('X-A: a b\n-Server');
    expect(parseHeaderLines(headerLinesOf(rules), rules)).toEqual({ ok: true, rules });
  });
});
