// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_FILES } from './page-registry';
import { PUBLIC_PAGE_FILES } from './public-pages';

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
