import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function valueAt(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, k) => (node as Tree | undefined)?.[k], tree);
}

const src = path.resolve(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
const pairs = [
  path.join(src, 'i18n'),
  ...fs
    .readdirSync(path.join(src, 'features'))
    .map((f) => path.join(src, 'features', f, 'i18n'))
    .filter((dir) => fs.existsSync(dir)),
].map((dir) => ({
  dir: path.relative(src, dir),
  cn: read(path.join(dir, 'cn.json')),
  en: read(path.join(dir, 'en.json')),
}));

describe.each(pairs)('translations in $dir', ({ cn, en }) => {
  it('cn.json and en.json have the same keys', () => {
    const cnKeys = keysOf(cn);
    const enKeys = keysOf(en);
    expect(
      cnKeys.filter((k) => !enKeys.includes(k)),
      'missing in en.json',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !cnKeys.includes(k)),
      'missing in cn.json',
    ).toEqual([]);
  });

  it('no translation is empty', () => {
    for (const tree of [cn, en]) {
      const empty = keysOf(tree).filter((key) => String(valueAt(tree, key)).trim() === '');
      expect(empty).toEqual([]);
    }
  });
});
