import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes every cell, doubles quotes and starts with a byte-order mark', () => {
    expect(
      toCsv([
        ['时间', 'a "b", c'],
        [1, null],
      ]),
    ).toBe('\uFEFF"时间","a ""b"", c"\r\n"1",""\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(toCsv([['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'ok=1']])).toBe(
      '\uFEFF"\'=HYPERLINK(""x"")","\'+1","\'-2","\'@SUM(A1)","ok=1"\r\n',
    );
  });
});
