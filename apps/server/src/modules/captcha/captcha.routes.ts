import { ACCOUNT_API, captchaQuerySchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { captchaService } from './captcha.service';

/**
 * GET {app|sys}/account/kaptcha.jpg?uuid= — the path keeps the spec's name, but the image is
 * an SVG (answered as image/svg+xml; browsers show it in an <img> the same way).
 */
export function captchaRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = captchaService(ctx.db);
  for (const path of [ACCOUNT_API.customer.captcha, ACCOUNT_API.admin.captcha]) {
    app.get(
      `/${path}`,
      { schema: { tags: ['account'], querystring: captchaQuerySchema, produces: ['image/svg+xml'] } },
      async (request, reply) => {
        const svg = await service.issue(request.query.uuid);
        return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
      },
    );
  }
}
