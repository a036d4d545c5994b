import {
  adminLedgerListRequestSchema,
  customerBalanceQuerySchema,
  customerBalanceSchema,
  envelopeSchema,
  FINANCE_PATHS,
  ledgerListRequestSchema,
  ledgerPageSchema,
  manualRechargeRequestSchema,
  manualRechargeResultSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { financeService } from './finance.service';

/** The balance ledger and manual recharge (contract api/finance.ts). */
export async function financeRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = financeService(ctx);
  const tags = ['finance'];
  const page = { 200: envelopeSchema(ledgerPageSchema) };

  app.post(
    `/${FINANCE_PATHS.ledger}`,
    { onRequest: ctx.guards.customer, schema: { tags, body: ledgerListRequestSchema, response: page } },
    async (request) => ok(await service.customerLedger(principalOf(request, 'customer').id, request.body)),
  );

  app.post(
    `/${FINANCE_PATHS.adminLedger}`,
    { onRequest: ctx.guards.admin, schema: { tags, body: adminLedgerListRequestSchema, response: page } },
    async (request) => ok(await service.adminLedger(request.body)),
  );

  app.get(
    `/${FINANCE_PATHS.adminBalance}`,
    {
      onRequest: ctx.guards.admin,
      schema: {
        tags,
        querystring: customerBalanceQuerySchema,
        response: { 200: envelopeSchema(customerBalanceSchema) },
      },
    },
    async (request) => ok(await service.balanceOf(request.query.username)),
  );

  app.post(
    `/${FINANCE_PATHS.adminRecharge}`,
    {
      onRequest: ctx.guards.admin,
      schema: {
        tags,
        body: manualRechargeRequestSchema,
        response: { 200: envelopeSchema(manualRechargeResultSchema) },
      },
    },
    async (request) =>
      ok(
        await service.manualRecharge(principalOf(request, 'admin'), request.body, callerOf(request)),
        'common.saved',
      ),
  );
}
