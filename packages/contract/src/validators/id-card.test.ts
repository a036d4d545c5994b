import { describe, expect, it } from 'vitest';
import { idCardCheckChar, isChineseIdCard, isChineseIdCardAt } from './id-card';

/** Builds a number with the right check character, so cases stay readable. */
function withCheck(first17: string): string {
  return first17 + idCardCheckChar(first17);
}

describe('isChineseIdCard (second generation)', () => {
  it('computes the ISO 7064 check character', () => {
    // The standard's published example number.
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44030819900307123')).toMatch(/^[0-9X]$/);
  });

  it.each([
    '11010519491231002X',
    '11010519491231002x',
    withCheck('44030819900307123'),
    withCheck('31010420000229001'), // 29 Feb of a leap year
    withCheck('65010219000101001'),
    withCheck('83000019950615001'),
  ])('accepts %s', (v) => {
    expect(isChineseIdCard(v)).toBe(true);
  });

  it.each([
    ['wrong check character', '110105194912310021'],
    ['17 characters', '11010519491231002'],
    ['19 characters', '11010519491231002X1'],
    ['first-generation 15 digits', '110105491231002'],
    ['letter inside', '1101051949123A002X'],
    ['X not last', 'X10105194912310021'],
    ['unknown province 99', withCheck('99010519491231002')],
    ['month 13', withCheck('11010519491331002')],
    ['30 February', withCheck('11010519490230002')],
    ['29 February of a common year', withCheck('11010520010229002')],
    ['born before 1900', withCheck('11010518991231002')],
    ['born in the future', withCheck('11010529990101002')],
    ['empty', ''],
    ['number', 110105194912310020],
  ])('rejects %s', (_label, v) => {
    expect(isChineseIdCard(v)).toBe(false);
  });

  it('compares the birth date with the given day', () => {
    const born = withCheck('11010520240601002');
    expect(isChineseIdCardAt(born, new Date('2024-05-31T00:00:00Z'))).toBe(false);
    expect(isChineseIdCardAt(born, new Date('2024-06-01T00:00:00Z'))).toBe(true);
  });
});
