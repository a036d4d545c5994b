import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { activateIsolating, type Attempt } from './isolate';
import { implicated, loadItems } from './items';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** A version dir with sites 1–5 (site 4 on port 8081, site 2 reads certificate 7) and one rule. */
async function versionDir(contents: Record<string, string> = {}): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-isolate-'));
  dirs.push(dir);
  const items = [1, 2, 3, 4, 5].map((id) => ({
    kind: 'site',
    id,
    file: `sites/${id}.conf`,
    uses: id === 2 ? ['certs/7.pem', 'certs/7.key'] : [],
    ports: [id === 4 ? 8081 : 80],
  }));
  items.push({ kind: 'stream', id: 1, file: 'streams/1.conf', uses: [], ports: [5432] });
  await fs.mkdir(path.join(dir, 'sites'));
  await fs.mkdir(path.join(dir, 'streams'));
  await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ items }));
  for (const item of items)
    await fs.writeFile(path.join(dir, item.file), contents[item.file] ?? `# ${item.kind} ${item.id}\n`);
  return dir;
}

/** nginx as far as the isolation sees it: fails while any item file says BAD, naming no file. */
function fakeNginx(dir: string) {
  const test = async (): Promise<Attempt> => {
    const files = [...(await fs.readdir(path.join(dir, 'sites'))).map((f) => `sites/${f}`), 'streams/1.conf'];
    const contents = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
    return contents.some((c) => c.includes('BAD'))
      ? { ok: false, error: 'nginx: [emerg] something is wrong' }
      : { ok: true };
  };
  return { deps: { activate: test, test, settle: async () => {}, log: () => {}, dataDir: dir } };
}

describe('leaving out what nginx refuses', () => {
  it('names the items an error is about: by file, by certificate, by the port of a bind', async () => {
    const dir = await versionDir();
    const states = await loadItems(dir);
    const ids = (error: string) => implicated(error, dir, states).map((s) => `${s.item.kind}:${s.item.id}`);
    expect(ids(`nginx: [emerg] host not found in upstream "x.invalid" in ${dir}/sites/3.conf:2`)).toEqual([
      'site:3',
    ]);
    expect(ids(`nginx: [emerg] SSL_CTX_use_certificate("${dir}/certs/7.pem") failed`)).toEqual(['site:2']);
    expect(ids('nginx: [emerg] bind() to 10.0.0.1:5432 failed (98: Address already in use)')).toEqual([
      'stream:1',
    ]);
    expect(ids('nginx: [emerg] could not build server_names_hash')).toEqual([]);
  });

  it('bisects an error that names no item, leaves that item out and serves the rest', async () => {
    const dir = await versionDir({ 'sites/4.conf': '# site 4\nBAD\n' });
    const nginx = fakeNginx(dir);
    const result = await activateIsolating(dir, undefined, nginx.deps);
    expect(result).toEqual({
      ok: true,
      failures: [{ kind: 'site', id: 4, error: 'nginx: [emerg] something is wrong' }],
      summary: 'site 4: nginx: [emerg] something is wrong',
    });
    expect(await fs.readFile(path.join(dir, 'sites/4.conf'), 'utf8')).toMatch(/^# site 4 left out/);
    expect(await fs.readFile(path.join(dir, 'sites/5.conf'), 'utf8')).toBe('# site 5\n');
    // A restart reads what was left out, and reports it again.
    expect((await loadItems(dir)).filter((s) => s.mode !== 'own').map((s) => s.item.id)).toEqual([4]);
  });

  it('fails the version as before when the error stays with every item left out', async () => {
    const dir = await versionDir();
    const nginx = fakeNginx(dir);
    const failing = {
      ...nginx.deps,
      test: async () => ({ ok: false, error: 'nginx: [emerg] main' }) as const,
    };
    const result = await activateIsolating(dir, undefined, { ...failing, activate: failing.test });
    expect(result).toEqual({ ok: false, error: 'nginx: [emerg] main' });
    expect(await fs.readFile(path.join(dir, 'sites/1.conf'), 'utf8')).toBe('# site 1\n');
  });
});
