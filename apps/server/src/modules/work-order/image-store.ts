import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Work-order images as files under DATA_DIR/uploads/work-orders. Keys are random, so a name
 * from an upload never reaches the file system. The database export does not carry these files
 * (README: Backups).
 */
export function imageStore(dataDir: string) {
  const dir = path.join(dataDir, 'uploads', 'work-orders');
  const fileOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`not an image key: ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(bytes: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const key = randomUUID();
      await writeFile(fileOf(key), bytes, { mode: 0o600, flag: 'wx' });
      return key;
    },
    read: (key: string): Promise<Buffer> => readFile(fileOf(key)),
    async remove(keys: readonly string[]): Promise<void> {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
  };
}

export type ImageStore = ReturnType<typeof imageStore>;
