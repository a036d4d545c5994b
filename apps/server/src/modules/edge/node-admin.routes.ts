import {
  EDGE_ADMIN_PATHS,
  edgeGroupListRequestSchema,
  edgeGroupPageSchema,
  edgeGroupSaveRequestSchema,
  edgeGroupSchema,
  edgeInstallInfoSchema,
  edgeNodeDetailSchema,
  edgeNodeListRequestSchema,
  edgeNodePageSchema,
  edgeNodeSavedSchema,
  edgeNodeSaveRequestSchema,
  emptyEnvelopeSchema,
  envelopeSchema,
  idRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { nodeAdminService } from './node-admin.service';

export function nodeAdminRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = nodeAdminService(ctx);
  const admin = { preValidation: ctx.guards.admin };
  const tags = ['edge'];
  const who = (request: FastifyRequest) => [principalOf(request, 'admin'), callerOf(request)] as const;
  const path = (p: string) => `/${p}`;

  app.post(
    path(EDGE_ADMIN_PATHS.groupList),
    {
      ...admin,
      schema: {
        tags,
        body: edgeGroupListRequestSchema,
        response: { 200: envelopeSchema(edgeGroupPageSchema) },
      },
    },
    async (request) => ok(await service.listGroups(request.body)),
  );
  app.post(
    path(EDGE_ADMIN_PATHS.groupSave),
    {
      ...admin,
      schema: { tags, body: edgeGroupSaveRequestSchema, response: { 200: envelopeSchema(edgeGroupSchema) } },
    },
    async (request) => ok(await service.saveGroup(request.body, ...who(request)), 'common.saved'),
  );
  app.post(
    path(EDGE_ADMIN_PATHS.groupDelete),
    { ...admin, schema: { tags, body: idRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await service.deleteGroup(request.body.id, ...who(request));
      return ok(undefined, 'common.deleted');
    },
  );
  app.post(
    path(EDGE_ADMIN_PATHS.nodeList),
    {
      ...admin,
      schema: {
        tags,
        body: edgeNodeListRequestSchema,
        response: { 200: envelopeSchema(edgeNodePageSchema) },
      },
    },
    async (request) => ok(await service.listNodes(request.body)),
  );
  app.get(
    path(EDGE_ADMIN_PATHS.nodeInfo),
    {
      ...admin,
      schema: { tags, querystring: idRequestSchema, response: { 200: envelopeSchema(edgeNodeDetailSchema) } },
    },
    async (request) => ok(await service.nodeDetail(request.query.id)),
  );
  app.post(
    path(EDGE_ADMIN_PATHS.nodeSave),
    {
      ...admin,
      schema: {
        tags,
        body: edgeNodeSaveRequestSchema,
        response: { 200: envelopeSchema(edgeNodeSavedSchema) },
      },
    },
    async (request) => ok(await service.saveNode(request.body, ...who(request)), 'edge.nodeSaved'),
  );
  app.post(
    path(EDGE_ADMIN_PATHS.nodeDelete),
    { ...admin, schema: { tags, body: idRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await service.deleteNode(request.body.id, ...who(request));
      return ok(undefined, 'common.deleted');
    },
  );
  app.post(
    path(EDGE_ADMIN_PATHS.nodeToken),
    {
      ...admin,
      schema: { tags, body: idRequestSchema, response: { 200: envelopeSchema(edgeNodeSavedSchema) } },
    },
    async (request) => ok(await service.rotateToken(request.body.id, ...who(request)), 'edge.tokenRotated'),
  );
  app.get(
    path(EDGE_ADMIN_PATHS.installParams),
    { ...admin, schema: { tags, response: { 200: envelopeSchema(edgeInstallInfoSchema) } } },
    async () => ok(await service.installParams()),
  );
}
