import {
  envelopeSchema,
  faceStartSchema,
  VERIFICATION_PATHS,
  verificationListRequestSchema,
  verificationPageSchema,
  verificationRecordSchema,
  verificationReviewRequestSchema,
  verificationStatusSchema,
  verificationSubmitRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FACE_PROVIDER_ADAPTERS } from '../../integrations/certification';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import type { FaceRegistry } from './face-providers';
import { verificationService } from './verification.service';

/** Real-name verification (contract api/verification.ts). */
export async function verificationRoutes(
  api: FastifyInstance,
  ctx: AppContext,
  providers: FaceRegistry = FACE_PROVIDER_ADAPTERS,
) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = verificationService(ctx, providers);
  const tags = ['verification'];
  const customer = ctx.guards.customer;
  const status = { 200: envelopeSchema(verificationStatusSchema) };
  const me = (request: FastifyRequest) => principalOf(request, 'customer');

  app.get(
    `/${VERIFICATION_PATHS.status}`,
    { onRequest: customer, schema: { tags, response: status } },
    async (request) => ok(await service.status(me(request).id)),
  );
  app.post(
    `/${VERIFICATION_PATHS.submit}`,
    { onRequest: customer, schema: { tags, body: verificationSubmitRequestSchema, response: status } },
    async (request) => ok(await service.submit(me(request), request.body, callerOf(request)), 'common.saved'),
  );
  app.post(
    `/${VERIFICATION_PATHS.face}`,
    { onRequest: customer, schema: { tags, response: { 200: envelopeSchema(faceStartSchema) } } },
    async (request) => ok(await service.startFace(me(request))),
  );
  app.post(
    `/${VERIFICATION_PATHS.faceResult}`,
    { onRequest: customer, schema: { tags, response: status } },
    async (request) => ok(await service.faceResult(me(request), callerOf(request))),
  );
  app.post(
    `/${VERIFICATION_PATHS.adminList}`,
    {
      onRequest: ctx.guards.admin,
      schema: {
        tags,
        body: verificationListRequestSchema,
        response: { 200: envelopeSchema(verificationPageSchema) },
      },
    },
    async (request) => ok(await service.list(request.body)),
  );
  app.post(
    `/${VERIFICATION_PATHS.adminReview}`,
    {
      onRequest: ctx.guards.admin,
      schema: {
        tags,
        body: verificationReviewRequestSchema,
        response: { 200: envelopeSchema(verificationRecordSchema) },
      },
    },
    async (request) =>
      ok(await service.review(principalOf(request, 'admin'), request.body, callerOf(request)), 'common.ok'),
  );
}
