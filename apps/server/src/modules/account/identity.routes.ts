import {
  ACCOUNT_API,
  changePasswordRequestSchema,
  emptyEnvelopeSchema,
  envelopeSchema,
  loginRequestSchema,
  loginResponseSchema,
  tokenResponseSchema,
  totpDisableRequestSchema,
  totpEnableRequestSchema,
  totpLoginRequestSchema,
  totpSetupResponseSchema,
  whiteIpResponseSchema,
  whiteIpSaveRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PrincipalKind } from '../../platform/auth/auth.schema';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { callerOf } from '../../platform/http/caller';
import { loginService } from './login.service';
import { passwordService } from './password.service';
import { totpService } from './totp.service';
import { whiteIpService } from './white-ip.service';

/** Routes both identities have, under app/ for customers and sys/ for admins. */
export function identityRoutes(api: FastifyInstance, ctx: AppContext, kind: PrincipalKind) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const paths = ACCOUNT_API[kind];
  const guard = ctx.guards[kind];
  const tags = [kind === 'customer' ? 'account' : 'admin-account'];
  const logins = loginService(ctx);
  const passwords = passwordService(ctx);
  const totp = totpService(ctx);
  const whiteIps = whiteIpService(ctx);
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request, kind);

  app.post(
    `/${paths.login}`,
    { schema: { tags, body: loginRequestSchema, response: { 200: envelopeSchema(loginResponseSchema) } } },
    async (request) => ok(await logins.login(kind, request.body, callerOf(request))),
  );
  app.post(
    `/${paths.loginTotp}`,
    {
      schema: { tags, body: totpLoginRequestSchema, response: { 200: envelopeSchema(tokenResponseSchema) } },
    },
    async (request) => ok(await logins.finishTotp(kind, request.body, callerOf(request))),
  );
  app.post(
    `/${paths.logout}`,
    { preValidation: guard, schema: { tags, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await logins.logout(me(request), callerOf(request));
      return ok(undefined, 'account.loggedOut');
    },
  );
  app.post(
    `/${paths.changePassword}`,
    {
      preValidation: guard,
      schema: { tags, body: changePasswordRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { apiKeyRevoked } = await passwords.change(me(request), request.body, callerOf(request));
      return ok(
        undefined,
        apiKeyRevoked ? 'account.passwordChangedApiKeyRevoked' : 'account.passwordChanged',
      );
    },
  );
  app.get(
    `/${paths.totpSetup}`,
    { preValidation: guard, schema: { tags, response: { 200: envelopeSchema(totpSetupResponseSchema) } } },
    async (request) => ok(await totp.setup(me(request), callerOf(request))),
  );
  app.post(
    `/${paths.totpEnable}`,
    {
      preValidation: guard,
      schema: { tags, body: totpEnableRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      await totp.enable(me(request), request.body.code, callerOf(request));
      return ok(undefined, 'account.totpEnabled');
    },
  );
  app.post(
    `/${paths.totpDisable}`,
    {
      preValidation: guard,
      schema: { tags, body: totpDisableRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      await totp.disable(me(request), request.body, callerOf(request));
      return ok(undefined, 'account.totpDisabled');
    },
  );
  app.get(
    `/${paths.whiteIp}`,
    { preValidation: guard, schema: { tags, response: { 200: envelopeSchema(whiteIpResponseSchema) } } },
    async (request) => ok(await whiteIps.get(me(request), callerOf(request))),
  );
  app.post(
    `/${paths.whiteIpSave}`,
    {
      preValidation: guard,
      schema: {
        tags,
        body: whiteIpSaveRequestSchema,
        response: { 200: envelopeSchema(whiteIpResponseSchema) },
      },
    },
    async (request) => ok(await whiteIps.save(me(request), request.body, callerOf(request)), 'common.saved'),
  );
}
