import {
  acmeSettingsSchema,
  CERTIFICATE_PATHS,
  certificateApplyRequestSchema,
  certificateListRequestSchema,
  certificatePageSchema,
  certificateSchema,
  certificateUploadRequestSchema,
  envelopeSchema,
  idRequestSchema,
  orderSchema,
  SSL_ORDER_PATHS,
  sslBuyRequestSchema,
  sslRenewOrderRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { acmeService, acmeSettings, ISSUE_JOB, saveAcmeSettings } from './acme.service';
import { certificateService } from './certificate.service';
import { sendExpiryNotices } from './expiry-notices';
import { sslOrderService } from './ssl-order.service';

const RENEW_JOB = 'certificate_renewals';

export function certificateRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = certificateService(ctx);
  const orders = sslOrderService(ctx);
  const acme = acmeService(ctx);
  ctx.jobs.handle(ISSUE_JOB, (payload) =>
    acme.issue(z.object({ certificateId: z.number() }).parse(payload).certificateId),
  );
  ctx.jobs.handle(RENEW_JOB, async () => {
    await acme.renewDue();
    await sendExpiryNotices(ctx);
  });
  ctx.jobs.schedule('17 * * * *', RENEW_JOB);

  const customer = { preValidation: ctx.guards.customer };
  const tags = ['certificate'];
  const me = (request: FastifyRequest) => principalOf(request, 'customer').id;
  const path = (p: string) => `/${p}`;
  const schema = <B extends z.ZodType, R extends z.ZodType>(body: B, data: R) => ({
    ...customer,
    schema: { tags, body, response: { 200: envelopeSchema(data) } },
  });

  app.post(
    path(CERTIFICATE_PATHS.list),
    schema(certificateListRequestSchema, certificatePageSchema),
    async (request) => ok(await service.list(me(request), request.body)),
  );
  app.get(
    path(CERTIFICATE_PATHS.info),
    {
      ...customer,
      schema: { tags, querystring: idRequestSchema, response: { 200: envelopeSchema(certificateSchema) } },
    },
    async (request) => ok(await service.info(me(request), request.query.id)),
  );
  app.post(
    path(CERTIFICATE_PATHS.upload),
    schema(certificateUploadRequestSchema, certificateSchema),
    async (request) => ok(await service.upload(me(request), request.body), 'certificate.uploaded'),
  );
  app.post(
    path(CERTIFICATE_PATHS.apply),
    schema(certificateApplyRequestSchema, certificateSchema),
    async (request) => ok(await service.apply(me(request), request.body), 'certificate.applying'),
  );
  app.post(path(CERTIFICATE_PATHS.renew), schema(idRequestSchema, certificateSchema), async (request) =>
    ok(await service.renew(me(request), request.body.id), 'certificate.applying'),
  );
  app.post(path(SSL_ORDER_PATHS.buy), schema(sslBuyRequestSchema, orderSchema), async (request) =>
    ok(await orders.buy(me(request), request.body)),
  );
  app.post(
    path(SSL_ORDER_PATHS.renewOrder),
    schema(sslRenewOrderRequestSchema, orderSchema),
    async (request) => ok(await orders.renew(me(request), request.body)),
  );
  app.post(path(CERTIFICATE_PATHS.delete), schema(idRequestSchema, z.undefined()), async (request) => {
    await service.delete(me(request), request.body.id);
    return ok(undefined, 'common.deleted');
  });

  const admin = { preValidation: ctx.guards.admin };
  const settingsAnswer = { 200: envelopeSchema(acmeSettingsSchema) };
  app.get(
    path(CERTIFICATE_PATHS.acmeSettings),
    { ...admin, schema: { tags, response: settingsAnswer } },
    async () => ok(await acmeSettings(ctx.db)),
  );
  app.post(
    path(CERTIFICATE_PATHS.acmeSettingsSave),
    { ...admin, schema: { tags, body: acmeSettingsSchema, response: settingsAnswer } },
    async (request) => {
      await saveAcmeSettings(ctx, request.body, principalOf(request, 'admin'), callerOf(request));
      return ok(await acmeSettings(ctx.db), 'common.saved');
    },
  );
}
