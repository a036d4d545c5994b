import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one console process (issue 21 §2, `prom-client`). Each app has a registry
 * of its own, so several apps in one process (tests) never share or double-count series. Modules
 * add their gauges with `collect()` functions, which run at scrape time only.
 */
export interface Metrics {
  registry: Registry;
}

export function createMetrics(pool: pg.Pool): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'nimbus_' });
  new Gauge({
    name: 'nimbus_pg_pool_connections',
    help: 'Connections of the PostgreSQL pool, by state (idle, busy, waiting = requests queued for one).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  return { registry };
}

/**
 * Request rate and latency per route. The route is Fastify's pattern (`/api/app/site/list`, never
 * the raw URL with its ids or query), so the number of series stays bounded.
 */
export function installRequestMetrics(app: FastifyInstance, { registry }: Metrics): void {
  const requests = new Counter({
    name: 'nimbus_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'nimbus_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}
