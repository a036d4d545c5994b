import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { UpdateLogEntry } from '@nimbus/contract';

const CHANGELOG = path.resolve(import.meta.dirname, '../../../../../CHANGELOG.md');

/** `## <version> — <date>` sections of CHANGELOG.md, each with its `- ` lines, newest first. */
export function parseChangelog(text: string): UpdateLogEntry[] {
  const entries: UpdateLogEntry[] = [];
  for (const line of text.split('\n')) {
    const heading = /^##\s+(\S+)\s+[—-]\s+(\d{4}-\d{2}-\d{2})\s*$/.exec(line);
    if (heading) entries.push({ version: heading[1]!, date: heading[2]!, items: [] });
    else if (line.startsWith('- ') && entries.length > 0) entries.at(-1)!.items.push(line.slice(2).trim());
  }
  return entries;
}

let cached: Promise<UpdateLogEntry[]> | undefined;
/** Read once per process: the file ships with the release it describes. */
export const releaseNotes = (): Promise<UpdateLogEntry[]> =>
  (cached ??= readFile(CHANGELOG, 'utf8').then(parseChangelog, () => []));
