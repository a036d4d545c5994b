import { describe, expect, it } from 'vitest';
import cn from './cn.json';
import en from './en.json';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('translations', () => {
  it('cn.json and en.json have the same keys', () => {
    const cnKeys = keysOf(cn).sort();
    const enKeys = keysOf(en).sort();
    expect(cnKeys.filter((k) => !enKeys.includes(k)), 'missing in en.json').toEqual([]);
    expect(enKeys.filter((k) => !cnKeys.includes(k)), 'missing in cn.json').toEqual([]);
  });

  it('no translation is empty', () => {
    for (const tree of [cn, en]) {
      const empty = keysOf(tree).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });
});
