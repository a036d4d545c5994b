// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { LANGS, type Lang } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { i18n, publicResources } from './index';
import '@/shared/test/all-strings';
import type { StringTree } from './strings';

const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Keys written out literally: `t('auth.login.title')` (template-literal keys can't be checked here). */
function literalKeys(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  return [...code.matchAll(/\bt\(\s*'([\w.-]+)'/g)].map((m) => m[1]!);
}

function has(tree: StringTree, key: string): boolean {
  const value = key.split('.').reduce<unknown>((node, k) => (node as StringTree | undefined)?.[k], tree);
  return typeof value === 'string';
}

const files = sourceFiles(src);
const rel = (file: string) => path.relative(src, file);
// What a public page (login, register, forget…) can render before the console frame loads.
const isPublicSide = (file: string) =>
  /^(features\/(auth|unavailable)|app\/(routing|session|providers)|shared|i18n)\//.test(rel(file));

describe('strings the code asks for', () => {
  it('every literal key resolves in both languages', () => {
    const missing = files.flatMap((file) =>
      literalKeys(file).flatMap((key) =>
        LANGS.filter((lng) => !i18n.exists(key, { lng })).map((lng) => `${rel(file)}: ${key} (${lng})`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('the public pages use only strings of the first-load bundle', () => {
    const resources = Object.fromEntries(LANGS.map((lang) => [lang, publicResources(lang)])) as Record<
      Lang,
      StringTree
    >;
    const missing = files
      .filter(isPublicSide)
      .flatMap((file) =>
        literalKeys(file).flatMap((key) =>
          LANGS.filter((lang) => !has(resources[lang], key)).map((lang) => `${rel(file)}: ${key} (${lang})`),
        ),
      );
    expect(missing).toEqual([]);
  });

  it('the console features are not in the first load', () => {
    expect(Object.keys(publicResources('cn'))).not.toContain('smsSettings');
    expect(has(publicResources('cn'), 'menu.dashboard')).toBe(false);
    expect(i18n.exists('menu.dashboard', { lng: 'cn' })).toBe(true);
    expect(has(publicResources('cn'), 'auth.login.title')).toBe(true);
  });
});
