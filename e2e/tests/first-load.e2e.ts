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

/** A chunk and what it imports statically (its dynamic `import()`s load later, on their own). */
function staticClosure(file: string): string[] {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const code = fs.readFileSync(next, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      pending.push(path.resolve(path.dirname(next), m[1]!));
    }
  }
  return [...seen];
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

  it("the admin dashboards' page carries no zod either (issue 21 §4: 26 KB of their 350)", () => {
    const assets = path.join(DIST, 'assets');
    const page = fs.readdirSync(assets).find((name) => /^AdminDashboardPage-.*\.js$/.test(name));
    expect(page).toBeDefined();
    for (const file of staticClosure(path.join(assets, page!)))
      expect(fs.readFileSync(file, 'utf8').includes('$ZodType'), `zod in ${path.basename(file)}`).toBe(false);
  });
});
