import {
  changedCountSchema,
  cnameCheckSchema,
  createdCountSchema,
  envelopeSchema,
  idRequestSchema,
  SITE_PATHS,
  siteBulkActionRequestSchema,
  siteBulkCreateRequestSchema,
  siteCreateRequestSchema,
  siteGroupAssignRequestSchema,
  siteGroupSaveRequestSchema,
  siteGroupSchema,
  siteListRequestSchema,
  sitePageSchema,
  siteSchema,
  siteUpdateRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { siteGroupService } from './site-group.service';
import { SITE_VERIFY_JOB, SITE_VERIFY_SPEC, siteOwnershipService } from './site-ownership.service';
import { siteService } from './site.service';

export function siteRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const sites = siteService(ctx);
  const groups = siteGroupService(ctx);
  const customer = { preValidation: ctx.guards.customer };
  const tags = ['site'];
  const me = (request: FastifyRequest) => principalOf(request, 'customer').id;
  const actor = (request: FastifyRequest) => {
    const principal = principalOf(request, 'customer');
    return { customerId: principal.id, adminId: principal.impersonatorAdminId };
  };
  const path = (p: string) => `/${p}`;

  // Unproved sites are looked at again until their owner's DNS proves them (ADR 0033).
  const ownership = siteOwnershipService(ctx);
  ctx.jobs.handle(SITE_VERIFY_JOB, async () => {
    await ownership.sweep();
  });
  ctx.jobs.schedule('*/5 * * * *', SITE_VERIFY_JOB, SITE_VERIFY_SPEC);
  const schema = <B extends z.ZodType, R extends z.ZodType>(body: B, data: R) => ({
    ...customer,
    schema: { tags, body, response: { 200: envelopeSchema(data) } },
  });

  app.post(path(SITE_PATHS.list), schema(siteListRequestSchema, sitePageSchema), async (request) =>
    ok(await sites.list(me(request), request.body)),
  );
  app.get(
    path(SITE_PATHS.info),
    {
      ...customer,
      schema: { tags, querystring: idRequestSchema, response: { 200: envelopeSchema(siteSchema) } },
    },
    async (request) => ok(await sites.info(me(request), request.query.id)),
  );
  app.post(path(SITE_PATHS.create), schema(siteCreateRequestSchema, siteSchema), async (request) =>
    ok(await sites.create(me(request), request.body, actor(request)), 'site.created'),
  );
  app.post(path(SITE_PATHS.update), schema(siteUpdateRequestSchema, siteSchema), async (request) =>
    ok(await sites.update(me(request), request.body, actor(request)), 'site.saved'),
  );
  app.post(path(SITE_PATHS.bulk), schema(siteBulkCreateRequestSchema, createdCountSchema), async (request) =>
    ok({ created: await sites.bulkCreate(me(request), request.body, actor(request)) }, 'site.created'),
  );
  app.post(
    path(SITE_PATHS.status),
    schema(siteBulkActionRequestSchema, changedCountSchema),
    async (request) =>
      ok({ changed: await sites.bulkAction(me(request), request.body.ids, request.body.action) }),
  );
  app.post(path(SITE_PATHS.cname), schema(idRequestSchema, cnameCheckSchema), async (request) =>
    ok(await sites.checkCname(me(request), request.body.id)),
  );

  app.post(
    path(SITE_PATHS.groupList),
    schema(z.object({}).optional(), z.array(siteGroupSchema)),
    async (request) => ok(await groups.list(me(request))),
  );
  app.post(path(SITE_PATHS.groupSave), schema(siteGroupSaveRequestSchema, siteGroupSchema), async (request) =>
    ok(await groups.save(me(request), request.body), 'common.saved'),
  );
  app.post(path(SITE_PATHS.groupDelete), schema(idRequestSchema, z.undefined()), async (request) => {
    await groups.delete(me(request), request.body.id);
    return ok(undefined, 'common.deleted');
  });
  app.post(
    path(SITE_PATHS.groupAssign),
    schema(siteGroupAssignRequestSchema, changedCountSchema),
    async (request) =>
      ok({ changed: await groups.assign(me(request), request.body.groupId, request.body.siteIds) }),
  );
}
