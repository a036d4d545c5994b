import { describe, expect, it } from 'vitest';
import { likeContains } from './like';

describe('likeContains', () => {
  it.each([
    ['mail', '%mail%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['c:\\dir', '%c:\\\\dir%'],
  ])('%s → %s', (text, pattern) => {
    expect(likeContains(text)).toBe(pattern);
  });
});
