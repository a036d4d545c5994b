import {
  ACCOUNT_API,
  accessTokenExchangeQuerySchema,
  accessTokenExchangeResponseSchema,
  accessTokenIssueResponseSchema,
  codeSendRequestSchema,
  emptyEnvelopeSchema,
  envelopeSchema,
  forgetRequestSchema,
  registerRequestSchema,
  userInfoSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok, okWith } from '../../platform/http/envelope';
import { accessTokenService } from './access-token.service';
import { accountService } from './account.service';
import { callerOf } from '../../platform/http/caller';
import { bindAddressRoutes } from './bind-address.routes';
import { identityRoutes } from './identity.routes';

/** Customer accounts under app/account/ (login, 2FA, white IP and passwords in identityRoutes). */
export function accountRoutes(api: FastifyInstance, ctx: AppContext) {
  identityRoutes(api, ctx, 'customer');
  bindAddressRoutes(api, ctx);
  const app = api.withTypeProvider<ZodTypeProvider>();
  const paths = ACCOUNT_API.customer;
  const tags = ['account'];
  const accounts = accountService(ctx);
  const accessTokens = accessTokenService(ctx);

  app.get(
    `/${paths.userInfo}`,
    {
      preValidation: ctx.guards.customer,
      schema: { tags, response: { 200: envelopeSchema(userInfoSchema) } },
    },
    async (request) => ok(await accounts.userInfo(principalOf(request, 'customer').id)),
  );
  app.post(
    `/${paths.sendCode}`,
    { schema: { tags, body: codeSendRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await accounts.sendCode(request.body, callerOf(request).lang);
      return ok(undefined, 'account.codeSent');
    },
  );
  app.post(
    `/${paths.register}`,
    { schema: { tags, body: registerRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await accounts.register(request.body, callerOf(request));
      return ok(undefined, 'account.registered');
    },
  );
  app.post(
    `/${paths.forget}`,
    { schema: { tags, body: forgetRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      const { apiKeyRevoked } = await accounts.forget(request.body, callerOf(request));
      return ok(undefined, apiKeyRevoked ? 'account.passwordResetApiKeyRevoked' : 'account.passwordReset');
    },
  );
  app.post(
    `/${paths.issueAccessToken}`,
    {
      preValidation: ctx.guards.customer,
      schema: { tags, response: { 200: envelopeSchema(accessTokenIssueResponseSchema) } },
    },
    async (request) => ok(await accessTokens.issue(principalOf(request, 'customer'), callerOf(request))),
  );
  app.get(
    `/${paths.accessLogin}`,
    {
      schema: {
        tags,
        querystring: accessTokenExchangeQuerySchema,
        response: { 200: accessTokenExchangeResponseSchema },
      },
    },
    async (request) => okWith(await accessTokens.exchange(request.query.access_token, callerOf(request))),
  );
}
