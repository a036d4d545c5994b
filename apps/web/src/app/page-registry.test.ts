// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestModule } from '../../build/no-test-code';
import { CONSOLE_PAGE_MODULES, PAGE_FILES } from './page-registry';
import { PUBLIC_PAGE_FILES, PUBLIC_PAGE_MODULES } from './public-pages';

const features = path.resolve(import.meta.dirname, '../features');

/** The menu ↔ page contract: every key names a page file with a same-named export. */
describe.each([...Object.entries(PAGE_FILES), ...Object.entries(PUBLIC_PAGE_FILES)])(
  'page %s',
  (_key, file) => {
    it(`${file}.tsx exists and exports ${file.split('/').at(-1)}`, () => {
      const source = fs.readFileSync(path.join(features, `${file}.tsx`), 'utf8');
      expect(source).toMatch(new RegExp(`export function ${file.split('/').at(-1)}\\b`));
    });
  },
);

/**
 * Every file a page glob picks is a chunk of the build: only pages the registries name, never a
 * page's test (which once shipped with its fixtures and the testing library, issue 22).
 */
describe.each([
  ['console', CONSOLE_PAGE_MODULES, Object.values(PAGE_FILES)],
  // The public pages fall back on the "not available yet" page.
  ['public', PUBLIC_PAGE_MODULES, [...Object.values(PUBLIC_PAGE_FILES), PAGE_FILES.unavailable!]],
])('the %s page glob', (_name, modules, named) => {
  it('picks no test code', () => {
    expect(modules.filter((file) => isTestModule(path.resolve(features, file)))).toEqual([]);
  });
  it('picks only pages the registry names', () => {
    const files = new Set(named.map((file) => `../features/${file}.tsx`));
    expect(modules.filter((file) => !files.has(file))).toEqual([]);
  });
});
