import {
  accountRequestSchema,
  adminRequestSchema,
  COMMON_PATHS,
  confStatusListSchema,
  envelopeSchema,
  indexChartQuerySchema,
  indexChartSchema,
  noticeListRequestSchema,
  noticePageSchema,
  paramClassListSchema,
  platformIndexSchema,
  productAuthSchema,
  requestResultsSchema,
  staticVariableResultSchema,
  toolRequestSchema,
  toolResultSchema,
  updateLogPageSchema,
  updateLogQuerySchema,
  webAgentSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { accountService } from '../account/account.service';
import { messageService } from '../message/message.service';
import { webConfigService } from '../web-config/web-config.service';
import { commonService } from './common.service';

/** Runs each named operation once and answers them by name. */
async function runOps<O extends string>(ops: readonly O[], run: Record<O, () => Promise<unknown> | unknown>) {
  const names = [...new Set(ops)];
  const values = await Promise.all(names.map((name) => run[name]()));
  return { results: Object.fromEntries(names.map((name, i) => [name, values[i]])) };
}

/** Spec §7's remaining common calls (contract api/common.ts). */
export function commonRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const common = commonService(ctx);
  const customer = { preValidation: ctx.guards.customer };
  const admin = { preValidation: ctx.guards.admin };
  const tags = ['common'];
  const data = <T extends z.ZodType>(schema: T) => ({ 200: envelopeSchema(schema) });

  app.get(`/${COMMON_PATHS.webAgent}`, { schema: { tags, response: data(webAgentSchema) } }, async () =>
    ok(await common.webAgent()),
  );
  app.get(
    `/${COMMON_PATHS.updateLog}`,
    { schema: { tags, querystring: updateLogQuerySchema, response: data(updateLogPageSchema) } },
    async (request) => ok(await common.updateLog(request.query)),
  );
  app.post(
    `/${COMMON_PATHS.noticeList}`,
    { schema: { tags, body: noticeListRequestSchema, response: data(noticePageSchema) } },
    async (request) => ok(await common.notices(request.body)),
  );
  app.post(
    `/${COMMON_PATHS.productAuth}`,
    { ...customer, schema: { tags, response: data(productAuthSchema) } },
    async (request) => ok(await common.productAuth(principalOf(request, 'customer').id)),
  );
  const accounts = accountService(ctx);
  const messages = messageService(ctx);
  const webConfig = webConfigService(ctx);
  app.post(
    `/${COMMON_PATHS.accountRequest}`,
    { ...customer, schema: { tags, body: accountRequestSchema, response: data(requestResultsSchema) } },
    async (request) => {
      const id = principalOf(request, 'customer').id;
      return ok(
        await runOps(request.body.ops, {
          userinfo: () => accounts.userInfo(id),
          unreadCount: () => messages.unreadCount(id),
          webConfig: () => webConfig.get(),
          productAuth: () => common.productAuth(id),
        }),
      );
    },
  );

  app.get(
    `/${COMMON_PATHS.paramClass}`,
    { ...admin, schema: { tags, response: data(paramClassListSchema) } },
    async () => ok(await common.paramClasses()),
  );
  app.get(
    `/${COMMON_PATHS.confStatus}`,
    { ...admin, schema: { tags, response: data(confStatusListSchema) } },
    async () => ok(await common.confStatus()),
  );
  for (const path of [COMMON_PATHS.adminIndex, COMMON_PATHS.adminIndexAlias])
    app.get(`/${path}`, { ...admin, schema: { tags, response: data(platformIndexSchema) } }, async () =>
      ok(await common.index()),
    );
  for (const path of [COMMON_PATHS.adminRequest, COMMON_PATHS.adminRequestAlias])
    app.post(
      `/${path}`,
      { ...admin, schema: { tags, body: adminRequestSchema, response: data(requestResultsSchema) } },
      async (request) =>
        ok(
          await runOps(request.body.ops, {
            index: () => common.index(),
            confStatus: () => common.confStatus(),
            paramClass: () => common.paramClasses(),
            enums: () => common.enums(),
          }),
        ),
    );
  app.get(
    `/${COMMON_PATHS.enums}`,
    { ...admin, schema: { tags, response: data(z.record(z.string(), z.unknown())) } },
    async () => ok(common.enums()),
  );
  app.get(
    `/${COMMON_PATHS.indexChart}`,
    { ...admin, schema: { tags, querystring: indexChartQuerySchema, response: data(indexChartSchema) } },
    async (request) => ok(await common.indexChart(request.query.days)),
  );
  app.post(
    `/${COMMON_PATHS.staticVariable}`,
    { ...admin, schema: { tags, response: data(staticVariableResultSchema) } },
    async (request) => ok(await common.republishAll(principalOf(request, 'admin'), callerOf(request))),
  );
  app.post(
    `/${COMMON_PATHS.toolData}`,
    { ...admin, schema: { tags, body: toolRequestSchema, response: data(toolResultSchema) } },
    async (request) =>
      ok(await common.tool(request.body.op, principalOf(request, 'admin'), callerOf(request))),
  );
}
