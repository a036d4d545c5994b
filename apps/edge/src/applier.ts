import fs from 'node:fs/promises';
import type { EdgeBundle, EdgeItemFailure } from '@nimbus/contract';
import { discardStaging, pruneVersions, stageBundle } from './bundle-files';
import type { AgentConfig, Layout } from './config';
import type { Control } from './control';
import { readFileIfExists, writeFileAtomic } from './fs-atomic';
import { activateIsolating, type Isolated } from './isolate';
import { sleep, type Log } from './log';
import { BROTLI_MODULE, LUA_MODULE, renderMainConf, versionDirOf, versionOfMainConf } from './main-conf';
import { nginxErrorLines } from './nginx-output';
import type { Nginx } from './nginx-process';
import { writeUpstreams, type Resolve } from './upstreams';

export type Outcome =
  { ok: true; failures: EdgeItemFailure[]; summary: string } | { ok: false; error: string };
export interface Recovered {
  version: number;
  failures: EdgeItemFailure[];
  summary: string;
}
type Activation = ({ ok: true } | { ok: false; error: string }) & { swapped?: boolean };

/** Time for new workers to answer after a reload. Parsing scales with the config, hence the extra. */
const CONFIRM_MS = 10_000;

export interface ApplierDeps {
  config: AgentConfig;
  layout: Layout;
  nginx: Nginx;
  control: Control;
  log: Log;
  /** How origin host names are resolved (upstreams.ts). */
  resolve: Resolve;
}

const sizeOf = async (file: string) => (await fs.stat(file).catch(() => undefined))?.size ?? 0;
const exists = async (dir: string) => (await fs.stat(dir).catch(() => undefined)) !== undefined;

/** An `[emerg]` nginx logged since `offset`: a reload or start that failed says so there. */
async function emergSince(errorLog: string, offset: number): Promise<string | undefined> {
  const handle = await fs.open(errorLog, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
    return nginxErrorLines(buffer.subarray(0, bytesRead).toString('utf8')).find((l) => l.level === 'emerg')
      ?.line;
  } finally {
    await handle.close();
  }
}

export function applier({ config, layout, nginx, control, log, resolve }: ApplierDeps) {
  /** Served: the control server answers the new number and no worker from before still accepts. */
  async function confirm(version: number, oldWorkers: number[], logOffset: number, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await control.version()) === version) {
        const accepting = await nginx.workers();
        if (!accepting.some((pid) => oldWorkers.includes(pid))) return { ok: true } as const;
      }
      const emerg = await emergSince(layout.errorLog, logOffset);
      if (emerg) return { ok: false, error: emerg } as const;
      await sleep(100);
    }
    return {
      ok: false,
      error: `nginx did not serve v${version} within ${Math.round(timeoutMs / 1000)} s`,
    } as const;
  }

  /** Writes the candidate main config for a version (0: none) and runs nginx -t on it. */
  async function testCandidate(version: number) {
    const asRoot = process.getuid?.() === 0;
    const text = renderMainConf({
      mode: config.mode,
      layout,
      controlPort: config.controlPort,
      version,
      asRoot,
      brotli: await exists(BROTLI_MODULE),
      lua: await exists(LUA_MODULE),
      requestLog: config.requestLog,
    });
    await writeFileAtomic(layout.nextConf, text);
    const testStart = Date.now();
    const tested = await nginx.test(layout.nextConf);
    if (!tested.ok) await fs.rm(layout.nextConf, { force: true });
    return { tested, testMs: Date.now() - testStart };
  }

  /** Points nginx at a version (0: none): candidate main config, nginx -t, swap, reload, confirm. */
  async function activate(version: number): Promise<Activation> {
    const { tested, testMs } = await testCandidate(version);
    if (!tested.ok) return tested;
    await fs.rename(layout.nextConf, layout.mainConf);
    log(`switching to v${version}`);
    const logOffset = await sizeOf(layout.errorLog);
    const oldWorkers = await nginx.workers();
    try {
      await nginx.load();
    } catch (error) {
      return { ok: false, error: (error as Error).message, swapped: true };
    }
    const confirmed = await confirm(version, oldWorkers, logOffset, CONFIRM_MS + 2 * testMs);
    return confirmed.ok ? confirmed : { ...confirmed, swapped: true };
  }

  /**
   * After a reload nginx refused: its master keeps retrying a bind for a few seconds and logs
   * each try, which the next attempt must not read as its own failure. Quiet for a second = done.
   */
  async function settle() {
    let size = await sizeOf(layout.errorLog);
    for (let quiet = 0, waited = 0; quiet < 4 && waited < 40; waited++) {
      await sleep(250);
      const now = await sizeOf(layout.errorLog);
      quiet = now === size ? quiet + 1 : 0;
      size = now;
    }
  }

  /**
   * Activates a version dir, leaving out the items nginx refuses (isolate.ts). Its upstream files
   * are written first from fresh answers: a first apply has none, and a restart or recovery
   * must not load addresses that may have moved while nginx was down.
   */
  async function activateItems(version: number, previous: number): Promise<Isolated> {
    const dir = versionDirOf(layout.versionsDir, version);
    try {
      await writeUpstreams(dir, resolve);
    } catch (error) {
      return { ok: false, error: `upstreams not written: ${(error as Error).message}` };
    }
    return activateIsolating(dir, previous > 0 ? versionDirOf(layout.versionsDir, previous) : undefined, {
      activate: () => activate(version),
      test: async () => {
        const { tested } = await testCandidate(version);
        await fs.rm(layout.nextConf, { force: true });
        return tested;
      },
      settle,
      log,
      dataDir: layout.dataDir,
    });
  }

  async function activateEmpty(): Promise<Isolated> {
    const result = await activate(0);
    return result.ok ? { ok: true, failures: [], summary: '' } : result;
  }

  return {
    /**
     * Resolves the served version's origin names again; when an answer set changed, its upstream
     * files are rewritten and nginx reloads (nginx -t first, as for a version). Callers hold the
     * agent's exclusive lock, so this never races a version being applied.
     */
    async refreshUpstreams(version: number): Promise<void> {
      // Only the version nginx is pointed at and confirmed: an apply that just finished (or
      // failed) may have moved nginx past the number the caller read.
      const text = await readFileIfExists(layout.mainConf);
      const named = text === undefined ? undefined : versionOfMainConf(text, layout.versionsDir);
      if (version <= 0 || named !== version) return;
      const dir = versionDirOf(layout.versionsDir, version);
      if (!(await exists(dir)) || !(await writeUpstreams(dir, resolve))) return;
      log(`origin addresses changed: reloading v${version}`);
      const result = await activate(version);
      if (!result.ok) log(`reload after new origin addresses failed: ${result.error}`);
    },

    /** nginx is back up after it died: the same version, leaving out what no longer loads. */
    restart: (version: number): Promise<Isolated> =>
      version > 0 ? activateItems(version, 0) : activateEmpty(),

    /**
     * Stages and activates a bundle, leaving out the items nginx refuses; when what is left
     * still fails, the previous version keeps serving.
     */
    async apply(bundle: EdgeBundle, previous: number): Promise<Outcome> {
      let dir: string;
      try {
        dir = await stageBundle(bundle, layout.versionsDir, await nginx.secretOwner());
      } catch (error) {
        return { ok: false, error: `bundle not written: ${(error as Error).message}` };
      }
      const result = await activateItems(bundle.version, previous);
      if (result.ok) {
        await pruneVersions(layout.versionsDir, [bundle.version, previous]);
        return result;
      }
      if (result.swapped) {
        const back = await activate(previous);
        // nginx.conf still names the failed dir: keep it, a restart must find what it names.
        if (!back.ok) {
          log(`could not return to v${previous}: ${back.error}`);
          return result;
        }
      }
      await fs.rm(dir, { recursive: true, force: true });
      return result;
    },

    /**
     * After a start or a crash: drop half-done work, then serve the newest version that works of
     * the one nginx.conf names (swapped, maybe unconfirmed), the last confirmed one, or none.
     */
    async recover(stateVersion: number): Promise<Recovered> {
      await fs.rm(layout.nextConf, { force: true });
      await discardStaging(layout.versionsDir);
      const text = await readFileIfExists(layout.mainConf);
      const named = text === undefined ? undefined : versionOfMainConf(text, layout.versionsDir);
      const candidates = [...new Set([named ?? 0, stateVersion].filter((v) => v > 0)), 0];
      let lastError = '';
      for (const version of candidates) {
        if (version > 0 && !(await exists(versionDirOf(layout.versionsDir, version)))) continue;
        // What served before may not load now (a port taken meanwhile, say): the rest of it
        // still does, which is more than the empty version 0.
        const result: Isolated = version > 0 ? await activateItems(version, 0) : await activateEmpty();
        if (result.ok) return { version, failures: result.failures, summary: result.summary };
        lastError = result.error;
        log(`v${version} does not serve: ${result.error}`);
      }
      throw new Error(`nginx serves no config, not even an empty one: ${lastError}`);
    },
  };
}

export type Applier = ReturnType<typeof applier>;
