import { describe, expect, it } from 'vitest';
import { literal, literalList } from './literal';

describe('ClickHouse literals', () => {
  it('quotes text with its backslashes and quotes escaped', () => {
    expect(literal("it's")).toBe("'it\\'s'");
    expect(literal('a\\b')).toBe("'a\\\\b'");
    // A trailing backslash must not escape the closing quote.
    expect(literal("\\' OR 1=1 --\\")).toBe("'\\\\\\' OR 1=1 --\\\\'");
    expect(literal('')).toBe("''");
  });

  it('writes finite numbers and refuses the rest', () => {
    expect(literal(42)).toBe('42');
    expect(literal(-1.5)).toBe('-1.5');
    expect(() => literal(Number.NaN)).toThrow('finite');
    expect(() => literal(Number.POSITIVE_INFINITY)).toThrow('finite');
  });

  it('lists ids for IN, none as a list that matches no row', () => {
    expect(literalList([3, 1])).toBe('(3, 1)');
    expect(literalList([])).toBe('(0)');
  });
});
