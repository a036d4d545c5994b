import {
  ACCOUNT_API,
  bindAddressRequestSchema,
  bindCodeSendRequestSchema,
  emptyEnvelopeSchema,
  envelopeSchema,
  userInfoSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { bindAddressService } from './bind-address.service';

const DONE = {
  mail: { bound: 'account.mailBound', changed: 'account.mailChanged' },
  sms: { bound: 'account.mobileBound', changed: 'account.mobileChanged' },
} as const;

/** Binding and changing the customer's e-mail or mobile (account info); WeChat is in wechat.routes.ts. */
export function bindAddressRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const paths = ACCOUNT_API.customer;
  const tags = ['account'];
  const binds = bindAddressService(ctx);
  const customer = { preValidation: ctx.guards.customer };

  app.post(
    `/${paths.bindCodeSend}`,
    {
      ...customer,
      schema: { tags, body: bindCodeSendRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      await binds.sendCode(principalOf(request, 'customer'), request.body, caller.lang);
      return ok(undefined, 'account.codeSent');
    },
  );
  app.post(
    `/${paths.bindAddress}`,
    {
      ...customer,
      schema: { tags, body: bindAddressRequestSchema, response: { 200: envelopeSchema(userInfoSchema) } },
    },
    async (request) => {
      const { info, changed } = await binds.bind(
        principalOf(request, 'customer'),
        request.body,
        callerOf(request),
      );
      return ok(info, DONE[request.body.channel][changed ? 'changed' : 'bound']);
    },
  );
}
