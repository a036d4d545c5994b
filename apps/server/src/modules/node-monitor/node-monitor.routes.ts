import {
  EDGE_PATHS,
  emptyEnvelopeSchema,
  envelopeSchema,
  NODE_MONITOR_PATHS,
  nodeMonitorDryRunRequestSchema,
  nodeMonitorEventListRequestSchema,
  nodeMonitorEventPageSchema,
  nodeMonitorOverrideRequestSchema,
  nodeMonitorOverviewSchema,
  nodeProbeReportRequestSchema,
  nodeProbeReportResultSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identityGuard, principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { probeKeyService } from '../edge/probe-key';
import { nodeMonitorChecker } from './node-monitor.checker';
import { NODE_MONITOR_CHECK_JOB, nodeMonitorService, queueNextCheck } from './node-monitor.service';

const KICK_JOB = 'node-monitor-kick';

/**
 * Node monitoring (issue 9 §6): the checker runs as a self-rescheduling job at the configured
 * frequency, once across processes; a minute cron and each start make sure the chain exists.
 */
export function nodeMonitorRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = nodeMonitorService(ctx);
  const probeKey = probeKeyService(ctx);
  const checker = nodeMonitorChecker({ db: ctx.db, smsEndpoints: ctx.config.smsEndpoints });
  const admin = { preValidation: ctx.guards.admin };
  const tags = ['node-monitor'];
  const who = (request: FastifyRequest) => [principalOf(request, 'admin'), callerOf(request)] as const;
  const path = (p: string) => `/${p}`;

  ctx.jobs.handle(NODE_MONITOR_CHECK_JOB, async () => {
    const startedAt = new Date();
    try {
      const result = await checker.check(startedAt);
      if (result.dnsChanged || result.events) api.log.info(result, 'node monitor check');
    } catch (error) {
      api.log.warn({ err: error }, 'node monitor check failed');
    }
    await queueNextCheck(ctx.db, startedAt);
  });
  ctx.jobs.handle(KICK_JOB, () => queueNextCheck(ctx.db));
  ctx.jobs.schedule('* * * * *', KICK_JOB);
  api.addHook('onReady', async () => {
    await queueNextCheck(ctx.db).catch((error: unknown) =>
      api.log.warn({ err: error }, 'could not queue the node monitor'),
    );
  });

  app.get(
    path(NODE_MONITOR_PATHS.overview),
    { ...admin, schema: { tags, response: { 200: envelopeSchema(nodeMonitorOverviewSchema) } } },
    async () => ok(await service.overview()),
  );
  app.post(
    path(NODE_MONITOR_PATHS.events),
    {
      ...admin,
      schema: {
        tags,
        body: nodeMonitorEventListRequestSchema,
        response: { 200: envelopeSchema(nodeMonitorEventPageSchema) },
      },
    },
    async (request) => ok(await service.events(request.body)),
  );
  app.post(
    path(NODE_MONITOR_PATHS.override),
    {
      ...admin,
      schema: { tags, body: nodeMonitorOverrideRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      await service.override(request.body, ...who(request));
      return ok(undefined, 'common.saved');
    },
  );
  app.post(
    path(NODE_MONITOR_PATHS.dryRun),
    {
      ...admin,
      schema: { tags, body: nodeMonitorDryRunRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      await service.setDryRun(request.body.dryRun, ...who(request));
      return ok(undefined, 'common.saved');
    },
  );
  app.post(
    path(NODE_MONITOR_PATHS.check),
    { ...admin, schema: { tags, response: { 200: emptyEnvelopeSchema } } },
    async () => {
      await service.checkNow();
      return ok();
    },
  );
  app.post(
    path(EDGE_PATHS.probeReport),
    {
      // The probe token (that of sys/cdnsys/auth/check/key/show) is checked before the body,
      // like every guarded route.
      onRequest: identityGuard(async (request: FastifyRequest) =>
        probeKey.verify(request.headers.authorization),
      ),
      schema: {
        tags,
        body: nodeProbeReportRequestSchema,
        response: { 200: envelopeSchema(nodeProbeReportResultSchema) },
      },
    },
    async (request) => ok(await service.report(request.body)),
  );
}
