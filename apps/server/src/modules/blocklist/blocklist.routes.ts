import {
  BLOCKLIST_PATHS,
  blocklistBlockedSchema,
  blocklistBlockRequestSchema,
  blocklistConditionRequestSchema,
  blocklistListRequestSchema,
  blocklistPageSchema,
  blocklistReleasedSchema,
  blocklistReleaseRequestSchema,
  blocklistStatsRequestSchema,
  blocklistStatsSchema,
  envelopeSchema,
  translate,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { blocklistService } from './blocklist.service';
import { scheduleHitsPrune } from './hits-prune.job';

/** The platform blocklist's admin screen (issue 20 §3); the edges' side is in edge-api.routes.ts. */
export function blocklistRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = blocklistService(ctx);
  const admin = { preValidation: ctx.guards.admin };
  const tags = ['blocklist'];
  const who = (request: FastifyRequest) => [principalOf(request, 'admin'), callerOf(request)] as const;
  const path = (p: string) => `/${p}`;
  /** A success message with its count, in the request's language (`ok` takes keys without values). */
  const counted = <T>(
    request: FastifyRequest,
    data: T,
    key: 'blocklist.blocked' | 'blocklist.released',
    count: number,
  ) => ({
    ...ok(data),
    msg: translate(key, callerOf(request).lang, { count }),
  });

  scheduleHitsPrune(ctx);

  app.post(
    path(BLOCKLIST_PATHS.list),
    {
      ...admin,
      schema: {
        tags,
        body: blocklistListRequestSchema,
        response: { 200: envelopeSchema(blocklistPageSchema) },
      },
    },
    async (request) => {
      const { keyword, state, source, page, limit } = request.body;
      return ok(await service.list({ keyword, state, source }, { page, limit }));
    },
  );
  app.post(
    path(BLOCKLIST_PATHS.block),
    {
      ...admin,
      schema: {
        tags,
        body: blocklistBlockRequestSchema,
        response: { 200: envelopeSchema(blocklistBlockedSchema) },
      },
    },
    async (request) => {
      const result = await service.block(request.body, ...who(request));
      return counted(request, result, 'blocklist.blocked', result.added);
    },
  );
  app.post(
    path(BLOCKLIST_PATHS.release),
    {
      ...admin,
      schema: {
        tags,
        body: blocklistReleaseRequestSchema,
        response: { 200: envelopeSchema(blocklistReleasedSchema) },
      },
    },
    async (request) => {
      const result = await service.release(request.body.ids, ...who(request));
      return counted(request, result, 'blocklist.released', result.released);
    },
  );
  app.post(
    path(BLOCKLIST_PATHS.releaseWhere),
    {
      ...admin,
      schema: {
        tags,
        body: blocklistConditionRequestSchema,
        response: { 200: envelopeSchema(blocklistReleasedSchema) },
      },
    },
    async (request) => {
      const result = await service.releaseWhere(request.body, ...who(request));
      return counted(request, result, 'blocklist.released', result.released);
    },
  );
  app.post(
    path(BLOCKLIST_PATHS.stats),
    {
      ...admin,
      schema: {
        tags,
        body: blocklistStatsRequestSchema,
        response: { 200: envelopeSchema(blocklistStatsSchema) },
      },
    },
    async (request) => ok(await service.stats(request.body.hours)),
  );
}
