import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { UpdateLogEntry } from '@nimbus/contract';

/** The repository's CHANGELOG.md: the server runs from its sources (tsx), so the file is beside them. */
export const CHANGELOG_FILE = path.resolve(import.meta.dirname, '../../../../../CHANGELOG.md');

const RELEASE_HEADING = /^##\s+(\S+)\s+[—–-]\s+(\d{4}-\d{2}-\d{2})\s*$/;

/**
 * `## <version> — <date>` sections of CHANGELOG.md, each with its `- ` lines (an indented line
 * continues the item above it), newest first. Any other `## ` heading ends the section before
 * it, so its lines are never shown as changes of the release above.
 */
export function parseChangelog(text: string): UpdateLogEntry[] {
  const entries: UpdateLogEntry[] = [];
  let current: UpdateLogEntry | undefined;
  let inItem = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^##\s/.test(line)) {
      const heading = RELEASE_HEADING.exec(line);
      current = heading ? { version: heading[1]!, date: heading[2]!, items: [] } : undefined;
      if (current) entries.push(current);
      inItem = false;
    } else if (current && line.startsWith('- ')) {
      current.items.push(line.slice(2).trim());
      inItem = true;
    } else if (current && inItem && /^\s+\S/.test(line)) {
      current.items[current.items.length - 1] += ` ${line.trim()}`;
    } else {
      inItem = false;
    }
  }
  return entries;
}

/**
 * Reads the file once per process (it ships with the release it describes). A failed read is
 * not kept and not turned into an empty list: the caller gets the error, so a console says the
 * notes could not be loaded instead of "no releases".
 */
export function changelogReader(file: string): () => Promise<UpdateLogEntry[]> {
  let cached: Promise<UpdateLogEntry[]> | undefined;
  return () => {
    if (!cached) {
      const reading = readFile(file, 'utf8').then(parseChangelog);
      reading.catch(() => {
        if (cached === reading) cached = undefined;
      });
      cached = reading;
    }
    return cached;
  };
}

export const releaseNotes = changelogReader(CHANGELOG_FILE);
