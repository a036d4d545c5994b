import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The README walks a newcomer through the consoles by menu paths (_System → Web config → Basic_).
 * A path whose words the English console does not show strands them (issue 22 §5: "Web
 * configuration → Price" where the console says "Web config → Prices and orders"), so every step
 * of every such path must be a text of the English catalogues.
 */

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readme = path.resolve(webSrc, '../../../README.md');

function englishTexts(): Set<string> {
  const texts = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') texts.add(value.trim());
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name === 'en.json') collect(JSON.parse(fs.readFileSync(full, 'utf8')));
    }
  };
  visit(webSrc);
  return texts;
}

/** `_A → B → C_` and `**A → B**` in the README, line breaks inside them joined. */
function menuPaths(markdown: string): string[][] {
  const text = markdown.replace(/\n\s*/g, ' ');
  const pattern = /(?:(?<!\w)_|\*\*)([A-Z][^_*→():]{0,60}?(?: → [^_*→():]{1,60}?)+)(?:_(?!\w)|\*\*)/g;
  return [...text.matchAll(pattern)].map((m) => m[1]!.split(' → ').map((step) => step.trim()));
}

describe('README menu paths', () => {
  it('finds the paths as the README writes them', () => {
    expect(menuPaths('Open _System → Web\n   config → Basic_ and **Users → Orders**.')).toEqual([
      ['System', 'Web config', 'Basic'],
      ['Users', 'Orders'],
    ]);
  });

  it('names only what the English console shows', () => {
    const texts = englishTexts();
    const paths = menuPaths(fs.readFileSync(readme, 'utf8'));
    expect(paths.length).toBeGreaterThan(10);
    const unknown = paths.flatMap((steps) =>
      steps.filter((step) => !texts.has(step)).map((step) => `${steps.join(' → ')}: "${step}"`),
    );
    expect(unknown).toEqual([]);
  });
});
