import {
  auditLogListRequestSchema,
  auditLogPageSchema,
  envelopeSchema,
  OPERATION_LOG_PATHS,
  operationLogListRequestSchema,
  operationLogPageSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { requestLang } from '../../platform/http/request-lang';
import { operationLogService } from './operation-log.service';

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(csv);
}

/** The operation log (customers) and the audit log (admins), each with a CSV export. */
export function operationLogRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const logs = operationLogService(ctx);
  const customer = { preValidation: ctx.guards.customer };
  const admin = { preValidation: ctx.guards.admin };
  const tags = ['operation-log'];
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request, 'customer').id;

  app.post(
    `/${OPERATION_LOG_PATHS.list}`,
    {
      ...customer,
      schema: {
        tags,
        body: operationLogListRequestSchema,
        response: { 200: envelopeSchema(operationLogPageSchema) },
      },
    },
    async (request) => ok(await logs.customerPage(me(request), request.body)),
  );
  app.get(
    `/${OPERATION_LOG_PATHS.export}`,
    { ...customer, schema: { tags, querystring: operationLogListRequestSchema, produces: ['text/csv'] } },
    async (request, reply) =>
      sendCsv(
        reply,
        'operation-log',
        await logs.customerCsv(me(request), request.query, requestLang(request)),
      ),
  );
  app.post(
    `/${OPERATION_LOG_PATHS.adminList}`,
    {
      ...admin,
      schema: {
        tags,
        body: auditLogListRequestSchema,
        response: { 200: envelopeSchema(auditLogPageSchema) },
      },
    },
    async (request) => ok(await logs.adminPage(request.body)),
  );
  app.get(
    `/${OPERATION_LOG_PATHS.adminExport}`,
    { ...admin, schema: { tags, querystring: auditLogListRequestSchema, produces: ['text/csv'] } },
    async (request, reply) =>
      sendCsv(reply, 'audit-log', await logs.adminCsv(request.query, requestLang(request))),
  );
}
