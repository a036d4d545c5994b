import { ACCOUNT_API, captchaQuerySchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { captchaService } from './captcha.service';

/** GET {app|sys}/account/kaptcha.jpg?uuid= — a JPEG, as the spec's path says (ADR 0014). */
export function captchaRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = captchaService(ctx.db);
  for (const path of [ACCOUNT_API.customer.captcha, ACCOUNT_API.admin.captcha]) {
    app.get(
      `/${path}`,
      { schema: { tags: ['account'], querystring: captchaQuerySchema, produces: ['image/jpeg'] } },
      async (request, reply) => {
        const jpeg = await service.issue(request.query.uuid);
        return reply.type('image/jpeg').header('cache-control', 'no-store').send(jpeg);
      },
    );
  }
}
