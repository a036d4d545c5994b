import zlib from 'node:zlib';
import type { BackupTable } from './backup-tables';

/**
 * The backup's content before compression and sealing: one JSON header line, then for each
 * table of the header, in its order, the rows as PostgreSQL's COPY text format writes them and
 * a line `\.` (as pg_dump does; COPY escapes a backslash in data, so no row is that line).
 */
export const FORMAT = 'nimbus-backup';
export const FORMAT_VERSION = 1;
const END = Buffer.from('\\.\n');

export interface BackupHeader {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  /** The last migration applied when it was made. */
  schema: string;
  createdAt: string;
  tables: (BackupTable & { rows: number })[];
}

export function encodeBackup(header: BackupHeader, data: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`${JSON.stringify(header)}\n`)];
  for (const rows of data) parts.push(rows, END);
  return zlib.gzipSync(Buffer.concat(parts));
}

export class DamagedBackupError extends Error {}

/** The header and each table's COPY data, checked to be whole; throws DamagedBackupError. */
export function decodeBackup(file: Buffer): { header: BackupHeader; data: Buffer[] } {
  let text: Buffer;
  try {
    text = zlib.gunzipSync(file);
  } catch {
    throw new DamagedBackupError('not gzip');
  }
  const firstLine = text.indexOf('\n');
  let header: BackupHeader;
  try {
    header = JSON.parse(text.subarray(0, firstLine).toString('utf8')) as BackupHeader;
  } catch {
    throw new DamagedBackupError('no header');
  }
  if (header.format !== FORMAT || header.version !== FORMAT_VERSION || !Array.isArray(header.tables))
    throw new DamagedBackupError('unknown format');
  const data: Buffer[] = [];
  let at = firstLine + 1;
  for (const table of header.tables) {
    // The end line starts the section (no rows) or follows a row's newline.
    const empty = text.subarray(at, at + END.length).equals(END);
    const newline = empty ? -1 : text.indexOf(`\n${END.toString()}`, at);
    if (!empty && newline < 0) throw new DamagedBackupError(`${table.name} is cut short`);
    const end = empty ? at : newline + 1;
    data.push(text.subarray(at, end));
    at = end + END.length;
  }
  if (at !== text.length) throw new DamagedBackupError('trailing data');
  return { header, data };
}
