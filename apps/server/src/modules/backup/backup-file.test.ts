import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  DamagedBackupError,
  decodeBackup,
  encodeBackup,
  FORMAT,
  FORMAT_VERSION,
  type BackupHeader,
} from './backup-file';

const header: BackupHeader = {
  format: FORMAT,
  version: FORMAT_VERSION,
  schema: '0007_x',
  createdAt: '2026-11-23T00:00:00.000Z',
  tables: [
    { name: 'a', columns: ['id'], rows: 2 },
    { name: 'b', columns: ['id', 'text'], rows: 0 },
    { name: 'c', columns: ['id', 'text'], rows: 1 },
  ],
};
const data = [Buffer.from('1\n2\n'), Buffer.from(''), Buffer.from('1\tback\\\\slash \\. dot\n')];

describe('backup file', () => {
  it('reads back each table’s rows, empty tables and escaped backslashes included', () => {
    const decoded = decodeBackup(encodeBackup(header, data));
    expect(decoded.header.tables.map((t) => t.name)).toEqual(['a', 'b', 'c']);
    expect(decoded.data.map((d) => d.toString())).toEqual(data.map((d) => d.toString()));
  });

  it('refuses a file cut short, with trailing data, or not gzip', () => {
    const whole = zlib.gunzipSync(encodeBackup(header, data));
    const cut = zlib.gzipSync(whole.subarray(0, whole.length - 4));
    expect(() => decodeBackup(cut)).toThrow(DamagedBackupError);
    expect(() => decodeBackup(zlib.gzipSync(Buffer.concat([whole, Buffer.from('x')])))).toThrow(
      'trailing data',
    );
    expect(() => decodeBackup(Buffer.from('plain'))).toThrow('not gzip');
  });
});
