import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('refuses a DATA_DIR locked by a live process', () => {
    const dir = tempDir();
    // pid 1 is always alive: it stands for another running Nimbus.
    fs.writeFileSync(path.join(dir, 'nimbus.lock'), '1');
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  });

  it('takes over a lock whose process is dead, and releases it', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'nimbus.lock'), String(child.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'nimbus.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'nimbus.lock'))).toBe(false);
  });
});
