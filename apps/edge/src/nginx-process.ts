import fs from 'node:fs/promises';
import type { FileOwner } from './bundle-files';
import type { AgentConfig, Layout } from './config';
import { run } from './exec';
import { readFileIfExists } from './fs-atomic';
import { writeLuaModules } from './lua/lua-files';
import type { Log } from './log';
import { MAIN_CONF_HEADER } from './main-conf';
import { nginxErrorLine, parseNginxVersion } from './nginx-output';
import { acceptingWorkers, reapStrays, strayProcesses } from './nginx-workers';

export type TestResult = { ok: true } | { ok: false; error: string };

/** The nginx the agent drives: its own master (`--manage-nginx`) or the system's service. */
export interface Nginx {
  test(confFile: string): Promise<TestResult>;
  /** Makes nginx serve the current main config: reload a running master, else start one. */
  load(): Promise<void>;
  running(): Promise<boolean>;
  /** Workers accepting connections now (see nginx-workers.ts). */
  workers(): Promise<number[]>;
  /** Processes of our nginx that the live master does not own and still hold ports: a killed master's. */
  strays(): Promise<number[]>;
  /** Stops every process of our nginx the live master does not own; answers how many there were. */
  reapStrays(): Promise<number>;
  /**
   * Makes nginx reopen its log files (SIGUSR1 to the master, managed or system): after a rename,
   * new lines go to a new file. False when no master runs (nothing writes the old file then).
   */
  reopenLogs(): Promise<boolean>;
  /** Stops a managed master (agent exit); the system service is left alone. */
  stop(): Promise<void>;
  version(): Promise<string>;
  /** Once before the agent first writes the main config. */
  prepare(): Promise<void>;
  /** Who must read private keys: workers that are not root read `$ssl_server_name` keys themselves. */
  secretOwner(): Promise<FileOwner | undefined>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The master's pid from the pid file, if that process is alive and is an nginx (pids get reused). */
export async function livePid(pidFile: string): Promise<number | undefined> {
  const pid = Number((await readFileIfExists(pidFile))?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  // Unreadable /proc (hidepid): trust the pid file rather than start a second master.
  const cmdline = await readFileIfExists(`/proc/${pid}/cmdline`).catch(() => undefined);
  return cmdline === undefined || cmdline.includes('nginx') ? pid : undefined;
}

async function fail(file: string, args: string[]): Promise<void> {
  const result = await run(file, args);
  if (result.code !== 0) throw new Error(nginxErrorLine(`${result.stderr}\n${result.stdout}`));
}

export function createNginx(config: AgentConfig, layout: Layout, log: Log = () => undefined): Nginx {
  const bin = config.nginxBin;
  const managed = config.mode === 'managed';
  const where = managed ? ['-p', layout.dataDir, '-c', layout.mainConf] : ['-c', layout.mainConf];
  const systemd = async () =>
    (await fs.stat('/run/systemd/system').catch(() => undefined))?.isDirectory() ?? false;

  // Workers left by a killed master keep the ports: a new master could not bind them.
  const reap = async () => {
    const reaped = await reapStrays(await livePid(layout.pidFile), layout.dataDir);
    if (reaped.length > 0)
      log(
        `stopped ${reaped.length} nginx processes left by a master that is gone (pids ${reaped.join(' ')})`,
      );
    return reaped.length;
  };

  return {
    async test(confFile) {
      const prefix = managed ? ['-p', layout.dataDir] : [];
      // Thousands of TLS vhosts take nginx tens of seconds to parse.
      const result = await run(bin, ['-t', '-q', ...prefix, '-c', confFile, '-e', 'stderr'], 300_000);
      return result.code === 0
        ? { ok: true }
        : { ok: false, error: nginxErrorLine(`${result.stderr}\n${result.stdout}`) };
    },

    async load() {
      const pid = await livePid(layout.pidFile);
      if (!pid) await reap();
      if (managed) {
        // A master left by an agent that was killed is reused, not fought over its ports.
        // `-e`: the startup log is ours too (a non-root nginx cannot open Debian's /var/log/nginx).
        if (pid) process.kill(pid, 'SIGHUP');
        else await fail(bin, [...where, '-e', layout.errorLog]);
      } else if (await systemd()) {
        await fail('systemctl', [pid ? 'reload' : 'start', 'nginx']);
      } else {
        await fail(bin, pid ? [...where, '-s', 'reload'] : where);
      }
    },

    async running() {
      return (await livePid(layout.pidFile)) !== undefined;
    },

    async workers() {
      return acceptingWorkers(await livePid(layout.pidFile));
    },

    async strays() {
      const found = await strayProcesses(await livePid(layout.pidFile), layout.dataDir);
      return found.filter((p) => p.accepting).map((p) => p.pid);
    },

    reapStrays: reap,

    async reopenLogs() {
      const pid = await livePid(layout.pidFile);
      if (pid) process.kill(pid, 'SIGUSR1');
      return pid !== undefined;
    },

    async stop() {
      const pid = await livePid(layout.pidFile);
      if (!managed) return;
      if (pid) {
        // What `nginx -s quit` sends, without its need to parse nginx.conf first.
        process.kill(pid, 'SIGQUIT');
        // Graceful: workers finish their requests first, but an agent exit must not wait forever.
        for (let i = 0; i < 100 && (await livePid(layout.pidFile)) === pid; i++) await sleep(100);
        if ((await livePid(layout.pidFile)) === pid) process.kill(pid, 'SIGTERM');
      }
      // A killed master's workers are ours to stop too: nothing of ours serves after the agent exits.
      await reap();
    },

    async version() {
      const result = await run(bin, ['-v']);
      return parseNginxVersion(`${result.stderr}${result.stdout}`);
    },

    async prepare() {
      for (const dir of [layout.versionsDir, layout.logsDir, layout.tmpDir, layout.cacheDir]) {
        await fs.mkdir(dir, { recursive: true, mode: 0o755 });
      }
      await writeLuaModules(layout);
      if (managed) return;
      // www-data workers must traverse it to the cache and temp dirs nginx hands them.
      await fs.chmod(layout.dataDir, 0o755);
      // We own /etc/nginx/nginx.conf from now on: keep Debian's (or the operator's) once.
      const backup = `${layout.mainConf}.nimbus-orig`;
      const current = await readFileIfExists(layout.mainConf);
      if (
        current !== undefined &&
        !current.startsWith(MAIN_CONF_HEADER) &&
        !(await readFileIfExists(backup))
      ) {
        await fs.copyFile(layout.mainConf, backup);
      }
    },

    async secretOwner() {
      if (managed) return undefined;
      const passwd = (await readFileIfExists('/etc/passwd')) ?? '';
      const entry = passwd.split('\n').find((line) => line.startsWith('www-data:'));
      const [, , uid, gid] = entry?.split(':') ?? [];
      return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
    },
  };
}
