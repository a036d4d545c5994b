import { EDGE_HEARTBEAT_SECONDS } from '@nimbus/contract';
import type { EdgeApi } from './api-client';
import type { Control } from './control';
import type { Health } from './health';
import { sleep, type Log } from './log';

export interface HeartbeatDeps {
  api: EdgeApi;
  control: Control;
  health: Health;
  log: Log;
  nginxVersion: string;
  agentVersion: string;
  appliedVersion: () => number;
  stopped: () => boolean;
}

/**
 * Beats until stopped. The console marks a node offline after missed beats, so beats never wait
 * on applies; a change of health is said at once rather than at the next beat.
 */
export async function heartbeatLoop(
  deps: HeartbeatDeps,
  everyMs = EDGE_HEARTBEAT_SECONDS * 1000,
): Promise<void> {
  let failing = false;
  while (!deps.stopped()) {
    // Taken before the beat: a change while it is on its way sends another one right after.
    const changed = deps.health.changed();
    // Forgotten only once the console heard it: a beat that fails must not lose a short outage.
    const degraded = deps.health.forReport();
    try {
      await deps.api.heartbeat({
        appliedVersion: deps.appliedVersion(),
        nginxVersion: deps.nginxVersion,
        agentVersion: deps.agentVersion,
        uptimeSeconds: Math.floor(process.uptime()),
        activeConnections: await deps.control.activeConnections(),
        degraded,
      });
      deps.health.reported(degraded);
      if (failing) deps.log('heartbeat: console reachable again');
      failing = false;
    } catch (error) {
      // One line when it starts failing, not one every few seconds.
      if (!failing) deps.log(`heartbeat failed: ${(error as Error).message}`);
      failing = true;
    }
    await Promise.race([sleep(everyMs), changed]);
  }
}
