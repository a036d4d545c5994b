import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { writeFileAtomic } from '../fs-atomic';
import type { Batch } from './batcher';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** A spooled batch: its id is its file name, `<generation>-<start offset>`. */
export interface SpoolEntry {
  id: string;
  generation: number;
  start: number;
  bytes: number;
}

const ID = /^(\d{1,15})-(\d{1,15})$/;

export const batchId = (generation: number, start: number) => `${generation}-${start}`;

export function spool(dir: string) {
  const file = (id: string) => path.join(dir, id);
  /**
   * Oldest first, without sizes (what the sender needs: cheap with thousands spooled). By
   * generation, then offset, as numbers: by name, "0-10" would come before "0-9".
   */
  async function ids(): Promise<Omit<SpoolEntry, 'bytes'>[]> {
    const entries = [];
    for (const name of await fs.readdir(dir)) {
      const match = ID.exec(name);
      if (match) entries.push({ id: name, generation: Number(match[1]), start: Number(match[2]) });
    }
    return entries.sort((a, b) => a.generation - b.generation || a.start - b.start);
  }
  return {
    dir,
    async prepare(): Promise<void> {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // A write cut short by a crash: its batch was never spooled, so its lines get read again.
      for (const name of await fs.readdir(dir)) if (!ID.test(name)) await fs.rm(file(name), { force: true });
    },
    /** Durable once it resolves: compressed, written beside, flushed, renamed into place. */
    async write(generation: number, batch: Batch): Promise<string> {
      const id = batchId(generation, batch.start);
      await writeFileAtomic(file(id), await gzip(batch.body), 0o600);
      return id;
    },
    ids,
    async list(): Promise<SpoolEntry[]> {
      const entries: SpoolEntry[] = [];
      for (const entry of await ids()) {
        const stat = await fs.stat(file(entry.id)).catch(() => undefined);
        if (stat) entries.push({ ...entry, bytes: stat.size });
      }
      return entries;
    },
    read: (id: string) => fs.readFile(file(id)),
    remove: (id: string) => fs.rm(file(id), { force: true }),
    /** Lines in a batch: what dropping it loses. */
    async lines(id: string): Promise<number> {
      const body = await gunzip(await fs.readFile(file(id)));
      let count = 0;
      for (let i = body.indexOf(0x0a); i >= 0; i = body.indexOf(0x0a, i + 1)) count++;
      return count;
    },
    /**
     * Where a batch ends in its file: its start plus its uncompressed size, which gzip's trailer
     * keeps (ISIZE, modulo 2^32: batches are a few MB) — no need to unpack it.
     */
    async end(entry: SpoolEntry): Promise<number> {
      const body = await fs.readFile(file(entry.id));
      return entry.start + body.readUInt32LE(body.length - 4);
    },
  };
}

export type Spool = ReturnType<typeof spool>;
