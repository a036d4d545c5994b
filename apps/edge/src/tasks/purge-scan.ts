import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Finding cache keys on disk. ngx_cache_purge removes exact keys only, so prefix and extension
 * purges read the keys nginx stored: each cache file starts with a binary header, then a line
 * `\nKEY: <key>\n`, then the response. Keys are compared as raw bytes (latin1 strings).
 */
const KEY_MARK = Buffer.from('\nKEY: ', 'latin1');
const FIRST_READ = 4096;
const MAX_READ = 64 * 1024;

/** A console string as the bytes nginx saw: UTF-8, one char per byte. */
export const asBytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

/** The key of one cache file, reading only its head; undefined for anything that is not one. */
export async function readCacheKey(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await fs.open(file, 'r');
    let size = FIRST_READ;
    for (;;) {
      const buffer = Buffer.alloc(size);
      const { bytesRead } = await handle.read(buffer, 0, size, 0);
      const head = buffer.subarray(0, bytesRead);
      // The mark follows the fixed-size header (a few hundred bytes): not in the first read, not a cache file.
      const start = head.indexOf(KEY_MARK);
      if (start < 0) return undefined;
      const end = head.indexOf(0x0a, start + KEY_MARK.length);
      if (end >= 0) return head.subarray(start + KEY_MARK.length, end).toString('latin1');
      // A long key crosses the first read: read more, up to a bound.
      if (bytesRead < size || size >= MAX_READ) return undefined;
      size = Math.min(size * 4, MAX_READ);
    }
  } catch {
    // Files come and go while nginx works (expiry, temp files renamed): skip what vanished.
    return undefined;
  } finally {
    await handle?.close();
  }
}

export async function* cacheFiles(dir: string): AsyncGenerator<string> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* cacheFiles(full);
    else if (entry.isFile()) yield full;
  }
}

/** The request path inside a key `<site>|<host><uri>`: after the host, before the query. */
export function keyPath(key: string): string {
  const rest = key.slice(key.indexOf('|') + 1);
  const slash = rest.indexOf('/');
  if (slash < 0) return '';
  const uri = rest.slice(slash);
  const query = uri.indexOf('?');
  return query < 0 ? uri : uri.slice(0, query);
}

export const matchesPrefix = (key: string, prefixes: string[]) => prefixes.some((p) => key.startsWith(p));

export function matchesExtension(key: string, prefix: string, extensions: string[]): boolean {
  if (!key.startsWith(prefix)) return false;
  const file = keyPath(key).toLowerCase();
  return extensions.some((ext) => {
    const dotted = (ext.startsWith('.') ? ext : `.${ext}`).toLowerCase();
    return dotted.length > 1 && file.endsWith(dotted);
  });
}

/** Every distinct stored key the predicate picks. */
export async function findKeys(cacheDir: string, pick: (key: string) => boolean): Promise<string[]> {
  const keys = new Set<string>();
  for await (const file of cacheFiles(cacheDir)) {
    const key = await readCacheKey(file);
    if (key !== undefined && pick(key)) keys.add(key);
  }
  return [...keys];
}
