import {
  envelopeSchema,
  loginResponseSchema,
  WECHAT_PATHS,
  wechatBindingLoginRequestSchema,
  wechatBindingRegisterRequestSchema,
  wechatTicketInfoSchema,
  wechatTicketQuerySchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { wechatBindingService } from './wechat-binding.service';

/** `/register-binding` after an unbound scan (public; the ticket is the proof), contract api/wechat.ts. */
export function wechatBindingRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const bindings = wechatBindingService(ctx);
  const tags = ['wechat'];
  const signedIn = { 200: envelopeSchema(loginResponseSchema) };

  app.get(
    `/${WECHAT_PATHS.bindingTicket}`,
    {
      schema: {
        tags,
        querystring: wechatTicketQuerySchema,
        response: { 200: envelopeSchema(wechatTicketInfoSchema) },
      },
    },
    async (request) => ok(await bindings.info(request.query.ticket)),
  );
  app.post(
    `/${WECHAT_PATHS.bindingRegister}`,
    { schema: { tags, body: wechatBindingRegisterRequestSchema, response: signedIn } },
    async (request) =>
      ok(await bindings.register(request.body, callerOf(request)), 'wechat.boundAndSignedIn'),
  );
  app.post(
    `/${WECHAT_PATHS.bindingLogin}`,
    { schema: { tags, body: wechatBindingLoginRequestSchema, response: signedIn } },
    async (request) =>
      ok(await bindings.bindExisting(request.body, callerOf(request)), 'wechat.boundAndSignedIn'),
  );
}
