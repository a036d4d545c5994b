import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGELOG_FILE, changelogReader, parseChangelog } from './changelog';

describe('parseChangelog', () => {
  it('reads versions, dates and items, newest first, ignoring other text', () => {
    const text = '# Changelog\nintro\n## 1.1.0 — 2026-02-01\n- b\n- c\n\n## 1.0.0 - 2026-01-01\n- a\n';
    expect(parseChangelog(text)).toEqual([
      { version: '1.1.0', date: '2026-02-01', items: ['b', 'c'] },
      { version: '1.0.0', date: '2026-01-01', items: ['a'] },
    ]);
  });

  it('does not credit a release with the lines of a section that is not one', () => {
    const text = '## 1.1.0 — 2026-02-01\n- shipped\n\n## Unreleased\n- not shipped yet\n';
    expect(parseChangelog(text)).toEqual([{ version: '1.1.0', date: '2026-02-01', items: ['shipped'] }]);
  });

  it('keeps the rest of an item written over several lines', () => {
    const text = '## 1.0.0 — 2026-01-01\n- one long\n  change\n- two\r\n\n  not part of two\n';
    expect(parseChangelog(text)[0]!.items).toEqual(['one long change', 'two']);
  });

  it('reads the repository CHANGELOG.md: every section is a dated release with at least one item', () => {
    const text = readFileSync(CHANGELOG_FILE, 'utf8');
    const entries = parseChangelog(text);
    expect(entries.length).toBeGreaterThan(0);
    // A heading the format does not match would silently hide that release from the consoles.
    expect(entries).toHaveLength(text.split('\n').filter((line) => /^##\s/.test(line)).length);
    for (const entry of entries) expect(entry.items.length).toBeGreaterThan(0);
  });
});

describe('changelogReader', () => {
  it('fails when the file cannot be read instead of answering no releases, and tries again next time', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'changelog-'));
    try {
      const file = path.join(dir, 'CHANGELOG.md');
      const read = changelogReader(file);
      await expect(read()).rejects.toThrow(/ENOENT/);
      await writeFile(file, '## 1.0.0 — 2026-01-01\n- first\n');
      await expect(read()).resolves.toEqual([{ version: '1.0.0', date: '2026-01-01', items: ['first'] }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
