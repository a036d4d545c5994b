import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another Nimbus${Number.isInteger(pid) && pid > 0 ? ` (process ${pid})` : ''}. ` +
        `Stop that instance first, or start this one with a different DATA_DIR.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `flock`'s exit code when another process holds the lock. */
const IN_USE = 75;

/**
 * One Nimbus per DATA_DIR: a second instance fails at once instead of fighting over the
 * embedded PostgreSQL. The lock is an advisory flock(2) on DATA_DIR/nimbus.lock, which the
 * kernel drops when its holder ends, however it ends: after a crash, `kill -9` or a reboot there
 * is nothing to remove by hand, and a pid reused by another program means nothing. Node has no
 * flock of its own, so util-linux's `flock` takes it and holds it while it reads a pipe from this
 * process, a pipe that closes when this process exits in any way. The file's text (our pid) only
 * names the holder in the message a second instance prints.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'nimbus.lock');
  const holder = spawn(
    'flock',
    ['--nonblock', '--conflict-exit-code', String(IN_USE), lockPath, 'sh', '-c', 'echo locked; exec cat'],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const outcome = await new Promise<'locked' | number | Error>((resolve) => {
    holder.stdout.once('data', () => resolve('locked'));
    holder.once('exit', (code) => resolve(code ?? -1));
    holder.once('error', resolve);
  });
  if (outcome instanceof Error) {
    throw new Error(
      `Could not lock DATA_DIR ${dataDir}: the flock command (util-linux) is needed (${outcome.message}).`,
    );
  }
  if (outcome === IN_USE) {
    const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
    throw new DataDirInUseError(dataDir, owner);
  }
  if (outcome !== 'locked') throw new Error(`Could not lock DATA_DIR ${dataDir} (flock exited ${outcome})`);
  fs.writeFileSync(lockPath, String(process.pid));
  // The holder must not keep this process alive; it ends when the pipe closes.
  holder.stdout.destroy();
  holder.unref();
  (holder.stdin as unknown as { unref(): void }).unref();
  return () => {
    holder.stdin.end();
    holder.kill();
  };
}

/**
 * After `kill -9` of Nimbus its PostgreSQL child lives on as an orphan holding the data
 * directory. We own the lock now, so any postmaster on our directory is that orphan: stop it
 * (SIGINT = fast shutdown, committed rows are safe) before starting a fresh one.
 */
export async function stopOrphanPostgres(pgDataDir: string): Promise<void> {
  const pidFile = path.join(pgDataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) throw new Error(`An old PostgreSQL (process ${pid}) still holds ${pgDataDir}`);
}
