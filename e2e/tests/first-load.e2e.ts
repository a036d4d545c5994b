import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** The files index.html loads before any page: its module script and what it preloads. */
function firstLoadFiles(): string[] {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+)"/g),
  ];
  return urls.map((match) => path.join(DIST, match[1]!.replace(/^\//, '')));
}

/*
 * The login pages' budget (bench: 250 KB gzip) has little room: zod alone is 26 KB. Contract
 * modules the first load imports must be the schema-free ones (*-constants.ts, result.ts).
 */
describe('the first load', () => {
  it('carries no zod: schemas load with the pages that validate', () => {
    const files = firstLoadFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.readFileSync(file, 'utf8')).not.toContain('$ZodType');
  });
});
