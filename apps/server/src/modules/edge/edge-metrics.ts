import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../platform/db/database';
import { EDGE_NODE_STATES, nodeRepository } from './node.repository';

/** The fleet as the console sees it, read at scrape time (one aggregate query). */
export function registerEdgeMetrics(registry: Registry, db: Db): void {
  const nodes = nodeRepository(db);
  new Gauge({
    name: 'nimbus_edge_nodes',
    help: 'Edge nodes by state: healthy, degraded (online, nginx not fully well), offline, disabled.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await nodes.stateCounts();
      for (const state of EDGE_NODE_STATES) this.set({ state }, counts[state]);
    },
  });
  new Gauge({
    name: 'nimbus_edge_config_pending_nodes',
    help: 'Enabled nodes that have not applied their newest config version yet.',
    registers: [registry],
    async collect() {
      this.set((await nodes.stateCounts()).pending);
    },
  });
}
