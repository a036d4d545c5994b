import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBytes, findKeys, keyPath, matchesExtension, matchesPrefix, readCacheKey } from './purge-scan';

/** A file shaped like nginx's: a binary header (with zeros and a stray newline), the key line, the answer. */
function cacheFile(key: string | Buffer, headerBytes = 336): Buffer {
  const header = Buffer.alloc(headerBytes, 0);
  header.writeUInt32LE(5, 0);
  header[40] = 0x0a;
  header[41] = 0xff;
  const keyBytes = typeof key === 'string' ? Buffer.from(key, 'latin1') : key;
  return Buffer.concat([
    header,
    Buffer.from('\nKEY: ', 'latin1'),
    keyBytes,
    Buffer.from('\nHTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nbody', 'latin1'),
  ]);
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edge-cache-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('readCacheKey', () => {
  it('reads the key after the binary header', async () => {
    const file = path.join(dir, 'one');
    await fs.writeFile(file, cacheFile('12|a.com/x'));
    expect(await readCacheKey(file)).toBe('12|a.com/x');
  });

  it('reads a key longer than the first read', async () => {
    const key = `12|a.com/${'q'.repeat(9000)}`;
    const file = path.join(dir, 'long');
    await fs.writeFile(file, cacheFile(key));
    expect(await readCacheKey(file)).toBe(key);
  });

  it('keeps non-ASCII keys as the raw bytes nginx stored', async () => {
    const file = path.join(dir, 'utf8');
    await fs.writeFile(file, cacheFile(Buffer.from('3|b.com/图片.jpg', 'utf8')));
    expect(await readCacheKey(file)).toBe(asBytes('3|b.com/图片.jpg'));
  });

  it('answers undefined for files that are not cache entries or vanished', async () => {
    const file = path.join(dir, 'junk');
    await fs.writeFile(file, Buffer.alloc(10_000, 1));
    expect(await readCacheKey(file)).toBeUndefined();
    expect(await readCacheKey(path.join(dir, 'missing'))).toBeUndefined();
  });
});

describe('matching', () => {
  it('finds the path after the host, without the query', () => {
    expect(keyPath('12|a.com/img/x.JPG?v=1')).toBe('/img/x.JPG');
    expect(keyPath('12|a.com')).toBe('');
  });

  it('matches prefixes', () => {
    expect(matchesPrefix('12|a.com/img/x', ['12|a.com/img/'])).toBe(true);
    expect(matchesPrefix('12|a.com/imgs/x', ['12|a.com/img/'])).toBe(false);
    expect(matchesPrefix('1|a.com/x', ['12|'])).toBe(false);
    expect(matchesPrefix('12|b.com/x', ['11|', '12|'])).toBe(true);
  });

  it('matches extensions under a prefix, case-insensitively, ignoring the query', () => {
    const jpg = ['.jpg'];
    expect(matchesExtension('12|a.com/img/x.JPG?v=1', '12|a.com/', jpg)).toBe(true);
    expect(matchesExtension('12|a.com/img/x.jpg', '12|', ['jpg'])).toBe(true);
    expect(matchesExtension('12|a.com/x.png?f=.jpg', '12|a.com/', jpg)).toBe(false);
    expect(matchesExtension('12|a.com/x.jpg', '13|', jpg)).toBe(false);
    expect(matchesExtension('12|a.com/xjpg', '12|', jpg)).toBe(false);
    expect(matchesExtension('12|a.com/x.jpg', '12|', ['.'])).toBe(false);
  });
});

describe('findKeys', () => {
  it('walks nginx’s levels=1:2 tree and answers each matching key once', async () => {
    const cache = path.join(dir, 'tree');
    const put = async (rel: string, key: string) => {
      await fs.mkdir(path.dirname(path.join(cache, rel)), { recursive: true });
      await fs.writeFile(path.join(cache, rel), cacheFile(key));
    };
    await put('a/1b/0001', '12|a.com/img/1.jpg');
    await put('b/2c/0002', '12|a.com/img/2.png');
    await put('b/2c/0002.0000000001', '12|a.com/img/2.png');
    await put('c/3d/0003', '13|c.com/img/3.jpg');
    const keys = await findKeys(cache, (key) => matchesPrefix(key, ['12|']));
    expect(keys.sort()).toEqual(['12|a.com/img/1.jpg', '12|a.com/img/2.png']);
    expect(await findKeys(cache, (key) => matchesExtension(key, '', ['.jpg']))).toHaveLength(2);
    expect(await findKeys(path.join(dir, 'absent'), () => true)).toEqual([]);
  });
});
