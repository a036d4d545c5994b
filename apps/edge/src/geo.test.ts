import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { geoTable, ipv4Number } from '@nimbus/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { geoTableFile, refreshGeoTable } from './geo';

const table = Buffer.from(
  geoTable([{ start: ipv4Number('8.8.8.0')!, end: ipv4Number('8.8.8.255')!, country: 'US' }]).table,
);
const hash = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
let luaDir: string;
let downloads: number;
const api = (served: Buffer, advertised = hash(served)) => ({
  geo: async () => ({ hash: advertised, entries: served.length / 6, bytes: served.length }),
  geoTable: async () => {
    downloads++;
    return served;
  },
});

beforeEach(async () => {
  luaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-geo-'));
  downloads = 0;
});
afterEach(() => fs.rm(luaDir, { recursive: true, force: true }));

describe('the country table on the node', () => {
  it('downloads it once, and again only when the console’s hash changes', async () => {
    expect(await refreshGeoTable(api(table), { luaDir }, () => undefined)).toBe(true);
    expect(await fs.readFile(geoTableFile({ luaDir }))).toEqual(table);
    expect(await refreshGeoTable(api(table), { luaDir }, () => undefined)).toBe(false);
    expect(downloads).toBe(1);
    const newer = Buffer.concat([table, Buffer.from([9, 9, 9, 9, 0x43, 0x4e])]);
    expect(await refreshGeoTable(api(newer), { luaDir }, () => undefined)).toBe(true);
    expect(await fs.readFile(geoTableFile({ luaDir }))).toEqual(newer);
  });

  it('keeps the table it has when a download does not match its hash', async () => {
    await refreshGeoTable(api(table), { luaDir }, () => undefined);
    const cut = table.subarray(0, 7);
    await expect(refreshGeoTable(api(cut, 'f'.repeat(64)), { luaDir }, () => undefined)).rejects.toThrow(
      /does not match/,
    );
    expect(await fs.readFile(geoTableFile({ luaDir }))).toEqual(table);
  });
});
