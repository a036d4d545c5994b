import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BundlePathError, discardStaging, pruneVersions, safeBundlePath, stageBundle } from './bundle-files';

describe('safeBundlePath', () => {
  it('accepts paths inside the version dir', () => {
    expect(safeBundlePath('http.conf')).toBe('http.conf');
    expect(safeBundlePath('certs/12.pem')).toBe('certs/12.pem');
    expect(safeBundlePath('./sites//3.conf')).toBe('sites/3.conf');
  });

  it('refuses paths that leave it', () => {
    for (const bad of [
      '../x',
      'a/../../x',
      'certs/../../etc/passwd',
      '..',
      '/etc/passwd',
      '',
      '.',
      'a\\..\\b',
      'a\0b',
    ]) {
      expect(() => safeBundlePath(bad), bad).toThrow(BundlePathError);
    }
  });
});

describe('stageBundle', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edge-stage-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const bundle = (version: number, files: { path: string; content: string; secret?: boolean }[]) => ({
    version,
    hash: 'h',
    files,
  });

  it('writes the final dir, naming it (not the staging dir) inside files, keys 0600 and untouched', async () => {
    const final = await stageBundle(
      bundle(3, [
        {
          path: 'http.conf',
          content: 'include __BUNDLE_DIR__/sites/*.conf; ssl_certificate __BUNDLE_DIR__/certs/1.pem;',
        },
        { path: 'sites/1.conf', content: 'server {}' },
        { path: 'certs/1.key', content: 'KEY __BUNDLE_DIR__', secret: true },
      ]),
      dir,
    );
    expect(final).toBe(path.join(dir, 'v3'));
    expect(await fs.readFile(path.join(final, 'http.conf'), 'utf8')).toBe(
      `include ${final}/sites/*.conf; ssl_certificate ${final}/certs/1.pem;`,
    );
    const key = path.join(final, 'certs/1.key');
    expect(await fs.readFile(key, 'utf8')).toBe('KEY __BUNDLE_DIR__');
    expect((await fs.stat(key)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.join(final, 'sites/1.conf'))).mode & 0o777).toBe(0o644);
    // stream.conf was not in the bundle: an empty one keeps the main config's include valid.
    expect(await fs.readFile(path.join(final, 'stream.conf'), 'utf8')).toBe('');
    expect(await fs.readdir(dir)).toEqual(['v3']);
  });

  it('replaces a final dir left by a crashed try', async () => {
    await fs.mkdir(path.join(dir, 'v4'), { recursive: true });
    await fs.writeFile(path.join(dir, 'v4', 'stale.conf'), 'old');
    const final = await stageBundle(bundle(4, [{ path: 'http.conf', content: 'new' }]), dir);
    expect((await fs.readdir(final)).sort()).toEqual(['http.conf', 'stream.conf']);
  });

  it('writes nothing at all when one path escapes', async () => {
    const evil = bundle(5, [
      { path: 'http.conf', content: 'x' },
      { path: '../../escaped.conf', content: 'x' },
    ]);
    await expect(stageBundle(evil, path.join(dir, 'versions'))).rejects.toThrow(BundlePathError);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('prunes all but the kept versions, and drops staging leftovers', async () => {
    for (const name of ['v1', 'v2', 'v3', 'v4', 'v5.staging']) await fs.mkdir(path.join(dir, name));
    await discardStaging(dir);
    expect((await fs.readdir(dir)).sort()).toEqual(['v1', 'v2', 'v3', 'v4']);
    await pruneVersions(dir, [4, 3]);
    expect((await fs.readdir(dir)).sort()).toEqual(['v3', 'v4']);
  });
});
