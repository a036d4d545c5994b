import type { Health } from './health';
import { sleep, type Log } from './log';
import type { Nginx } from './nginx-process';

type Outcome = { ok: true } | { ok: false; error: string };

export interface GuardDeps {
  nginx: Nginx;
  health: Health;
  log: Log;
  /** Points nginx at a version (the applier's activate); with no master, that starts one. */
  activate: (version: number) => Promise<Outcome>;
}

const SUPERVISE_MS = 3_000;

/**
 * Keeps our nginx serving (ADR 0032). A master can die without a word (`kill -9`, the OOM
 * killer): its workers then go on serving the old config and hold the ports, so no new master
 * can start, while the control server still answers. The guard sees the master gone, stops what
 * it left, starts nginx again, and keeps the node degraded, with the reason, until it serves.
 */
export function nginxGuard({ nginx, health, log, activate }: GuardDeps) {
  /** A live master, and nothing of a dead one still holding ports. */
  async function serving(): Promise<boolean> {
    return (await nginx.running()) && (await nginx.strays()).length === 0;
  }

  /** Makes nginx serve `version` if it does not; false while it cannot be started. */
  async function ensure(version: number): Promise<boolean> {
    const running = await nginx.running();
    const strays = await nginx.strays();
    if (running && strays.length === 0) {
      health.set('nginx', undefined);
      return true;
    }
    const stale = strays.length > 0;
    health.set(
      'nginx',
      stale
        ? { reason: 'stale-workers', detail: `pids ${strays.join(' ')}` }
        : { reason: 'nginx-down', detail: '' },
    );
    log(
      stale
        ? `${strays.length} nginx workers of a master that is gone still serve an old config: stopping them`
        : `nginx is not running: starting it with v${version}`,
    );
    await nginx.reapStrays();
    if (running) {
      health.set('nginx', undefined);
      return true;
    }
    const result = await activate(version);
    if (!result.ok) {
      health.set('nginx', { reason: 'restart-failed', detail: result.error });
      log(`nginx did not start: ${result.error}`);
      return false;
    }
    health.set('nginx', undefined);
    log(`nginx is serving v${version} again`);
    return true;
  }

  return {
    serving,
    ensure,

    /**
     * Applies a version (`run`) on an nginx that serves. A failure that leaves nginx not serving
     * (its master died, or would not start) is the node's, not the version's: answers 'retry'
     * (the poller retries with backoff) and the node stays degraded until a version applies.
     */
    async apply<O extends Outcome>(
      version: number,
      current: number,
      run: () => Promise<O>,
    ): Promise<O | 'retry'> {
      // Even when `current` does not start, the new version may (it may drop what failed): try it.
      await ensure(current);
      const outcome = await run();
      if (outcome.ok) {
        health.set('nginx', undefined);
        health.set('apply', undefined);
        return outcome;
      }
      if (await serving()) {
        health.set('apply', undefined);
        return outcome;
      }
      health.set('apply', { reason: 'apply-retrying', detail: `v${version}: ${outcome.error}` });
      log(`v${version} could not be applied while nginx is not serving; it will be retried`);
      return 'retry';
    },

    /**
     * The start's recovery (`run` answers what it serves): a master killed while the agent
     * was down left workers too; they are stopped before nginx starts, and the node is degraded
     * while no version can be served.
     */
    async recovering<T>(run: () => Promise<T>): Promise<T> {
      const strays = await nginx.strays();
      if (strays.length > 0)
        health.set('nginx', { reason: 'stale-workers', detail: `pids ${strays.join(' ')}` });
      try {
        const recovered = await run();
        health.set('nginx', undefined);
        return recovered;
      } catch (error) {
        health.set('nginx', { reason: 'restart-failed', detail: (error as Error).message });
        throw error;
      }
    },

    /** Looks every few seconds, one nginx change at a time (`exclusive`), until stopped. */
    async supervise(
      applied: () => number,
      exclusive: <T>(work: () => Promise<T>) => Promise<T>,
      stopped: () => boolean,
    ): Promise<void> {
      while (!stopped()) {
        await sleep(SUPERVISE_MS);
        await exclusive(async () => {
          if (!stopped()) await ensure(applied());
        }).catch((error: Error) => log(`supervising nginx: ${error.message}`));
      }
    },
  };
}

export type NginxGuard = ReturnType<typeof nginxGuard>;
