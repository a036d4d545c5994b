import {
  envelopeSchema,
  WAF_PATHS,
  wafDeleteRequestSchema,
  wafEventSchema,
  wafEventsRequestSchema,
  wafOrderRequestSchema,
  wafPresetRequestSchema,
  wafRuleListSchema,
  wafRuleSaveRequestSchema,
  wafRuleSchema,
  wafSiteRequestSchema,
  wafStatusRequestSchema,
  wafTestRequestSchema,
  wafTestResultSchema,
  pageSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { siteWafService } from './site-waf.service';
import { scheduleWafEventsPrune } from './waf-events-prune.job';

/** A site's WAF rules, their test box and recent events (contract api/waf.ts). */
export function siteWafRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = siteWafService(ctx);
  const customer = (request: FastifyRequest) => principalOf(request, 'customer').id;
  const route = <B extends z.ZodType, R extends z.ZodType>(body: B, data: R) => ({
    preValidation: ctx.guards.customer,
    schema: { tags: ['site-waf'], body, response: { 200: envelopeSchema(data) } },
  });
  const path = (p: string) => `/${p}`;
  scheduleWafEventsPrune(ctx);

  app.post(path(WAF_PATHS.list), route(wafSiteRequestSchema, wafRuleListSchema), async (request) =>
    ok(await service.list(customer(request), request.body.siteId)),
  );
  app.post(path(WAF_PATHS.save), route(wafRuleSaveRequestSchema, wafRuleSchema), async (request) =>
    ok(await service.save(customer(request), request.body), 'common.saved'),
  );
  app.post(
    path(WAF_PATHS.delete),
    route(wafDeleteRequestSchema, z.object({ deleted: z.number().int() })),
    async (request) =>
      ok(await service.delete(customer(request), request.body.siteId, request.body.ids), 'common.deleted'),
  );
  app.post(path(WAF_PATHS.status), route(wafStatusRequestSchema, wafRuleSchema), async (request) => {
    const { siteId, id, enabled } = request.body;
    return ok(await service.setEnabled(customer(request), siteId, id, enabled), 'common.saved');
  });
  app.post(path(WAF_PATHS.order), route(wafOrderRequestSchema, wafRuleListSchema), async (request) =>
    ok(await service.order(customer(request), request.body.siteId, request.body.ids), 'common.saved'),
  );
  app.post(path(WAF_PATHS.preset), route(wafPresetRequestSchema, wafRuleListSchema), async (request) =>
    ok(await service.preset(customer(request), request.body.siteId, request.body.preset), 'common.saved'),
  );
  app.post(path(WAF_PATHS.test), route(wafTestRequestSchema, wafTestResultSchema), async (request) =>
    ok(await service.test(customer(request), request.body)),
  );
  app.post(
    path(WAF_PATHS.events),
    route(wafEventsRequestSchema, pageSchema(wafEventSchema)),
    async (request) => {
      const { siteId, page, limit, ruleId, action, clientIp } = request.body;
      return ok(
        await service.events(customer(request), siteId, page, limit, {
          ruleId,
          action,
          clientIp: clientIp || undefined,
        }),
      );
    },
  );
}
