import {
  changedCountSchema,
  envelopeSchema,
  forceListRequestSchema,
  forcePageSchema,
  forceRedirectInputSchema,
  forceRedirectSchema,
  redirectDeleteRequestSchema,
  rewriteListRequestSchema,
  rewriteMoveRequestSchema,
  rewritePageSchema,
  rewriteRuleInputSchema,
  rewriteRuleSchema,
  SITE_REDIRECT_PATHS as PATHS,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordSiteVersion } from '../site/site-history.service';
import type { z } from 'zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { forceService } from './force.service';
import { rewriteService } from './rewrite.service';
import type { OnSiteChanged } from './site-redirect.shared';

/** Each redirect change is a version of the site in its config history. */
const recordRedirectVersion: OnSiteChanged = async (tx, siteId, change, by) => {
  await recordSiteVersion(tx, siteId, { customerId: by.id, adminId: by.impersonatorAdminId }, change);
};

/**
 * URL forwarding and forced redirect (contract api/site-redirects.ts). `onSiteChanged`: the
 * config history's recorder, run in each write's transaction for every site it changed.
 */
export function siteRedirectRoutes(
  api: FastifyInstance,
  ctx: AppContext,
  onSiteChanged: OnSiteChanged = recordRedirectVersion,
) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const rewrites = rewriteService(ctx, onSiteChanged);
  const forces = forceService(ctx, onSiteChanged);
  const who = (request: FastifyRequest) => principalOf(request, 'customer');
  const path = (p: string) => `/${p}`;
  const schema = <B extends z.ZodType, R extends z.ZodType>(body: B, data: R) => ({
    preValidation: ctx.guards.customer,
    // A redirect's `target` or `status` is not the catalogue's generic one (field.redirect.*).
    config: { fieldScope: 'redirect' },
    schema: { tags: ['site-redirect'], body, response: { 200: envelopeSchema(data) } },
  });

  app.post(path(PATHS.rewriteList), schema(rewriteListRequestSchema, rewritePageSchema), async (request) =>
    ok(await rewrites.list(who(request).id, request.body)),
  );
  app.post(path(PATHS.rewriteSave), schema(rewriteRuleInputSchema, rewriteRuleSchema), async (request) =>
    ok(await rewrites.save(who(request), request.body), 'common.saved'),
  );
  app.post(
    path(PATHS.rewriteDelete),
    schema(redirectDeleteRequestSchema, changedCountSchema),
    async (request) =>
      ok({ changed: await rewrites.delete(who(request), request.body.ids) }, 'common.deleted'),
  );
  app.post(path(PATHS.rewriteMove), schema(rewriteMoveRequestSchema, changedCountSchema), async (request) =>
    ok({ changed: await rewrites.move(who(request), request.body) }, 'common.saved'),
  );

  app.post(path(PATHS.forceList), schema(forceListRequestSchema, forcePageSchema), async (request) =>
    ok(await forces.list(who(request).id, request.body)),
  );
  app.post(path(PATHS.forceSave), schema(forceRedirectInputSchema, forceRedirectSchema), async (request) =>
    ok(await forces.save(who(request), request.body), 'common.saved'),
  );
  app.post(
    path(PATHS.forceDelete),
    schema(redirectDeleteRequestSchema, changedCountSchema),
    async (request) => ok({ changed: await forces.delete(who(request), request.body.ids) }, 'common.deleted'),
  );
}
