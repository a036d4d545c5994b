import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerJobMetrics } from '../../platform/jobs/job-metrics';
import { registerEdgeMetrics } from '../edge/edge-metrics';

const sameSecret = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * `GET /api/metrics` in Prometheus's text format, for a scraper holding NIMBUS_METRICS_TOKEN
 * (`Authorization: Bearer …`). Without the variable the endpoint does not exist (404): series
 * name routes and fleet sizes, nothing for the public.
 */
export function metricsRoutes(api: FastifyInstance, ctx: AppContext) {
  const token = ctx.config.metricsToken;
  if (!token) return;
  const { registry } = ctx.metrics;
  registerJobMetrics(registry, ctx.db);
  registerEdgeMetrics(registry, ctx.db);
  api.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) return reply.code(401).header('www-authenticate', 'Bearer').send();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
