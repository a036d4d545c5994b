import {
  ANALYTICS_PATHS,
  adminTrafficOverviewSchema,
  adminTrafficQuerySchema,
  envelopeSchema,
  requestLogPageSchema,
  requestLogQuerySchema,
  STREAM_ANALYTICS_PATHS,
  streamSeriesQuerySchema,
  streamSeriesSchema,
  streamSessionPageSchema,
  streamSessionQuerySchema,
  streamTopListSchema,
  streamTopQuerySchema,
  topListSchema,
  topQuerySchema,
  trafficQuerySchema,
  trafficSeriesSchema,
  trafficUsageSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { analyticsService } from './analytics.service';
import { analyticsStoreOf, closeAnalyticsStore, prepareAnalyticsStore } from './analytics-store-of';
import { scheduleAnalyticsJobs } from './analytics-jobs';
import { streamAnalyticsService } from './stream-analytics.service';

/**
 * Traffic, top lists, the request log and usage (customer), the platform overview (admin); the
 * layer-4 series, top lists and session log (customer).
 */
export function analyticsRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = analyticsService(ctx.pool, analyticsStoreOf(ctx));
  const streams = streamAnalyticsService(ctx.pool, analyticsStoreOf(ctx));
  const customer = { preValidation: ctx.guards.customer };
  const admin = { preValidation: ctx.guards.admin };
  const tags = ['analytics'];
  const me = (request: FastifyRequest) => principalOf(request, 'customer').id;
  scheduleAnalyticsJobs(ctx);
  // ClickHouse's schema at start; a server that is down is said here and tried again on each use.
  api.addHook('onReady', async () => {
    await prepareAnalyticsStore(ctx).catch((error: unknown) =>
      api.log.warn({ err: error }, 'could not prepare the ClickHouse analytics store'),
    );
  });
  api.addHook('onClose', () => closeAnalyticsStore(ctx));

  app.post(
    `/${ANALYTICS_PATHS.traffic}`,
    {
      ...customer,
      schema: { tags, body: trafficQuerySchema, response: { 200: envelopeSchema(trafficSeriesSchema) } },
    },
    async (request) => ok(await service.traffic(me(request), request.body)),
  );
  app.post(
    `/${ANALYTICS_PATHS.top}`,
    { ...customer, schema: { tags, body: topQuerySchema, response: { 200: envelopeSchema(topListSchema) } } },
    async (request) => ok(await service.top(me(request), request.body)),
  );
  app.post(
    `/${ANALYTICS_PATHS.requests}`,
    {
      ...customer,
      schema: { tags, body: requestLogQuerySchema, response: { 200: envelopeSchema(requestLogPageSchema) } },
    },
    async (request) => ok(await service.requests(me(request), request.body)),
  );
  app.get(
    `/${ANALYTICS_PATHS.usage}`,
    { ...customer, schema: { tags, response: { 200: envelopeSchema(trafficUsageSchema) } } },
    async (request) => ok(await service.usage(me(request))),
  );
  app.get(
    `/${ANALYTICS_PATHS.adminOverview}`,
    {
      ...admin,
      schema: {
        tags,
        querystring: adminTrafficQuerySchema,
        response: { 200: envelopeSchema(adminTrafficOverviewSchema) },
      },
    },
    async (request) => ok(await service.adminOverview(request.query)),
  );
  app.post(
    `/${STREAM_ANALYTICS_PATHS.series}`,
    {
      ...customer,
      schema: { tags, body: streamSeriesQuerySchema, response: { 200: envelopeSchema(streamSeriesSchema) } },
    },
    async (request) => ok(await streams.series(me(request), request.body)),
  );
  app.post(
    `/${STREAM_ANALYTICS_PATHS.top}`,
    {
      ...customer,
      schema: { tags, body: streamTopQuerySchema, response: { 200: envelopeSchema(streamTopListSchema) } },
    },
    async (request) => ok(await streams.top(me(request), request.body)),
  );
  app.post(
    `/${STREAM_ANALYTICS_PATHS.sessions}`,
    {
      ...customer,
      schema: {
        tags,
        body: streamSessionQuerySchema,
        response: { 200: envelopeSchema(streamSessionPageSchema) },
      },
    },
    async (request) => ok(await streams.sessions(me(request), request.body)),
  );
}
