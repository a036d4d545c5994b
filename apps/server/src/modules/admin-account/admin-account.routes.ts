import {
  ACCOUNT_API,
  adminInfoSchema,
  changedCountSchema,
  customerCreateRequestSchema,
  customerListQuerySchema,
  customerModuleListSchema,
  customerPasswordResetSchema,
  customerStatusRequestSchema,
  customerSummarySchema,
  customerUpdateRequestSchema,
  envelopeSchema,
  loginAsRequestSchema,
  pageSchema,
  tokenResponseSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CUSTOMER_MODULES } from '../menu/customer-modules';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { callerOf } from '../../platform/http/caller';
import { identityRoutes } from '../account/identity.routes';
import { adminAccountService } from './admin-account.service';
import { customerAdminService } from './customer-admin.service';

/** Admin accounts under sys/account/ (login, 2FA, white IP, password in identityRoutes) and customer admin. */
export function adminAccountRoutes(api: FastifyInstance, ctx: AppContext) {
  identityRoutes(api, ctx, 'admin');
  const app = api.withTypeProvider<ZodTypeProvider>();
  const paths = ACCOUNT_API.admin;
  const tags = ['admin-account'];
  const profile = adminAccountService(ctx);
  const customers = customerAdminService(ctx);

  app.get(
    `/${paths.userInfo}`,
    { preValidation: ctx.guards.admin, schema: { tags, response: { 200: envelopeSchema(adminInfoSchema) } } },
    async (request) => ok(await profile.info(principalOf(request, 'admin').id)),
  );
  app.get(
    `/${paths.customerList}`,
    {
      preValidation: ctx.guards.admin,
      schema: {
        tags,
        querystring: customerListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(customerSummarySchema)) },
      },
    },
    async (request) => ok(await customers.list(request.query)),
  );
  app.get(
    `/${paths.customerModules}`,
    {
      preValidation: ctx.guards.admin,
      schema: { tags, response: { 200: envelopeSchema(customerModuleListSchema) } },
    },
    async () => ok({ list: [...CUSTOMER_MODULES] }),
  );
  app.post(
    `/${paths.loginAs}`,
    {
      preValidation: ctx.guards.admin,
      schema: { tags, body: loginAsRequestSchema, response: { 200: envelopeSchema(tokenResponseSchema) } },
    },
    async (request) =>
      ok(await customers.loginAs(principalOf(request, 'admin'), request.body.userId, callerOf(request))),
  );
  app.post(
    `/${paths.customerStatus}`,
    {
      preValidation: ctx.guards.admin,
      schema: {
        tags,
        body: customerStatusRequestSchema,
        response: { 200: envelopeSchema(changedCountSchema) },
      },
    },
    async (request) => {
      const { userIds, enabled } = request.body;
      const admin = principalOf(request, 'admin');
      return ok({ changed: await customers.setEnabled(admin, userIds, enabled, callerOf(request)) });
    },
  );
  app.post(
    `/${paths.customerUpdate}`,
    {
      preValidation: ctx.guards.admin,
      schema: {
        tags,
        body: customerUpdateRequestSchema,
        response: { 200: envelopeSchema(customerSummarySchema) },
      },
    },
    async (request) =>
      ok(await customers.update(principalOf(request, 'admin'), request.body, callerOf(request))),
  );
  app.post(
    `/${paths.customerCreate}`,
    {
      preValidation: ctx.guards.admin,
      schema: {
        tags,
        body: customerCreateRequestSchema,
        response: { 200: envelopeSchema(customerSummarySchema) },
      },
    },
    async (request) =>
      ok(await customers.create(principalOf(request, 'admin'), request.body, callerOf(request))),
  );
  app.post(
    `/${paths.customerPasswordReset}`,
    {
      preValidation: ctx.guards.admin,
      schema: {
        tags,
        body: loginAsRequestSchema,
        response: { 200: envelopeSchema(customerPasswordResetSchema) },
      },
    },
    async (request) =>
      ok(
        await customers.resetPassword(principalOf(request, 'admin'), request.body.userId, callerOf(request)),
      ),
  );
  app.post(
    `/${paths.customerTotpReset}`,
    {
      preValidation: ctx.guards.admin,
      schema: { tags, body: loginAsRequestSchema, response: { 200: envelopeSchema(customerSummarySchema) } },
    },
    async (request) =>
      ok(await customers.resetTotp(principalOf(request, 'admin'), request.body.userId, callerOf(request))),
  );
}
