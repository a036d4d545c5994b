import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseChangelog } from './changelog';

describe('parseChangelog', () => {
  it('reads versions, dates and items, newest first, ignoring other text', () => {
    const text = '# Changelog\nintro\n## 1.1.0 — 2026-02-01\n- b\n- c\n\n## 1.0.0 - 2026-01-01\n- a\n';
    expect(parseChangelog(text)).toEqual([
      { version: '1.1.0', date: '2026-02-01', items: ['b', 'c'] },
      { version: '1.0.0', date: '2026-01-01', items: ['a'] },
    ]);
  });

  it('reads the repository CHANGELOG.md: every release has a date and at least one item', () => {
    const entries = parseChangelog(
      readFileSync(path.resolve(import.meta.dirname, '../../../../../CHANGELOG.md'), 'utf8'),
    );
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.items.length).toBeGreaterThan(0);
  });
});
