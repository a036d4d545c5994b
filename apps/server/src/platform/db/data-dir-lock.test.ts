import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const SERVER_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Another process that takes the lock and holds it until it is killed. */
async function otherHolder(dir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./src/platform/db/data-dir-lock.ts').then(async (m) => { await m.lockDataDir(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000); })`,
    ],
    { cwd: SERVER_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', reject);
  });
  return child;
}

describe('lockDataDir', () => {
  it('refuses a DATA_DIR another Nimbus holds, naming its process', async () => {
    const dir = tempDir();
    const other = await otherHolder(dir);
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
      await expect(lockDataDir(dir)).rejects.toThrow(`process ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('is free again once its holder is killed with SIGKILL, with no file to remove', async () => {
    const dir = tempDir();
    const other = await otherHolder(dir);
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const release = await vi.waitFor(() => lockDataDir(dir), { timeout: 5_000 });
    expect(fs.readFileSync(path.join(dir, 'nimbus.lock'), 'utf8')).toBe(String(process.pid));
    release();
    await vi.waitFor(() => lockDataDir(dir).then((again) => again()), { timeout: 5_000 });
  });

  it('ignores a pid left in the file: a pid reused after a reboot means nothing', async () => {
    const dir = tempDir();
    // pid 1 is always alive: the old check took it for another running Nimbus.
    fs.writeFileSync(path.join(dir, 'nimbus.lock'), '1');
    const release = await lockDataDir(dir);
    release();
  });
});
