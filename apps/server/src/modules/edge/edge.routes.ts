import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { PUBLISH_JOB } from './config-revision';
import { authorizationRoutes } from './authorization.routes';
import { edgeApiRoutes } from './edge-api.routes';
import { nodeAdminRoutes } from './node-admin.routes';
import { publishService } from './publish.service';

const publishPayload = z.object({ groupId: z.number().int() });

/** The edge: admin node screens, the agents' API, and the publish job that feeds them. */
export async function edgeRoutes(api: FastifyInstance, ctx: AppContext) {
  const publisher = publishService(ctx.db);
  ctx.jobs.handle(PUBLISH_JOB, (payload) => publisher.publishGroup(publishPayload.parse(payload).groupId));
  nodeAdminRoutes(api, ctx);
  authorizationRoutes(api, ctx);
  edgeApiRoutes(api, ctx);
}
