import {
  envelopeSchema,
  userInfoSchema,
  WECHAT_PATHS,
  wechatAuthorizeSchema,
  wechatCodeRequestSchema,
  wechatLoginResponseSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { wechatBindingRoutes } from './wechat-binding.routes';
import { wechatService } from './wechat.service';

/** Which console the browser should come back to. */
const consoleQuerySchema = z.object({ console: z.enum(['cdn', 'dns']).default('cdn') });

/** WeChat QR binding (customer) and login (public), contract api/wechat.ts. */
export function wechatRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const wechat = wechatService(ctx);
  const customer = { preValidation: ctx.guards.customer };
  const tags = ['wechat'];
  const authorize = { 200: envelopeSchema(wechatAuthorizeSchema) };
  const info = { 200: envelopeSchema(userInfoSchema) };

  app.get(
    `/${WECHAT_PATHS.bindQrcode}`,
    { ...customer, schema: { tags, querystring: consoleQuerySchema, response: authorize } },
    async (request) => ok(await wechat.bindQrcode(principalOf(request, 'customer'), request.query.console)),
  );
  app.post(
    `/${WECHAT_PATHS.bind}`,
    { ...customer, schema: { tags, body: wechatCodeRequestSchema, response: info } },
    async (request) =>
      ok(
        await wechat.bind(principalOf(request, 'customer'), request.body, callerOf(request)),
        'wechat.bound',
      ),
  );
  app.post(`/${WECHAT_PATHS.unbind}`, { ...customer, schema: { tags, response: info } }, async (request) =>
    ok(await wechat.unbind(principalOf(request, 'customer'), callerOf(request)), 'wechat.unbound'),
  );
  app.get(
    `/${WECHAT_PATHS.loginQrcode}`,
    { schema: { tags, querystring: consoleQuerySchema, response: authorize } },
    async (request) => ok(await wechat.loginQrcode(request.query.console)),
  );
  app.post(
    `/${WECHAT_PATHS.login}`,
    {
      schema: {
        tags,
        body: wechatCodeRequestSchema,
        response: { 200: envelopeSchema(wechatLoginResponseSchema) },
      },
    },
    async (request) => ok(await wechat.login(request.body, callerOf(request))),
  );
  wechatBindingRoutes(api, ctx);
}
