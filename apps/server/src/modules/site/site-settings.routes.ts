import {
  envelopeSchema,
  idRequestSchema,
  pageSchema,
  SITE_SETTINGS_PATHS,
  siteConfigVersionDetailSchema,
  siteConfigVersionSchema,
  siteHistoryRequestSchema,
  siteSettingsSaveRequestSchema,
  siteSettingsViewSchema,
  siteVersionRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import type { SiteActor } from './site-history.service';
import { siteSettingsService } from './site-settings.service';

/** The domain-admin page: serving settings per tab, config history and rollback. */
export function siteSettingsRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = siteSettingsService(ctx);
  const customer = { preValidation: ctx.guards.customer };
  const tags = ['site'];
  const path = (p: string) => `/${p}`;
  const actor = (request: FastifyRequest): SiteActor => {
    const principal = principalOf(request, 'customer');
    return { customerId: principal.id, adminId: principal.impersonatorAdminId };
  };

  app.get(
    path(SITE_SETTINGS_PATHS.info),
    {
      ...customer,
      schema: {
        tags,
        querystring: idRequestSchema,
        response: { 200: envelopeSchema(siteSettingsViewSchema) },
      },
    },
    async (request) => ok(await service.view(actor(request).customerId, request.query.id)),
  );
  app.post(
    path(SITE_SETTINGS_PATHS.save),
    {
      ...customer,
      // `to` and `from` are a status rewrite's codes here, not an e-mail's recipient.
      config: { fieldScope: 'siteSettings' },
      schema: {
        tags,
        body: siteSettingsSaveRequestSchema,
        response: { 200: envelopeSchema(siteSettingsViewSchema) },
      },
    },
    async (request) => ok(await service.save(actor(request), request.body), 'siteSettings.saved'),
  );
  app.post(
    path(SITE_SETTINGS_PATHS.history),
    {
      ...customer,
      schema: {
        tags,
        body: siteHistoryRequestSchema,
        response: { 200: envelopeSchema(pageSchema(siteConfigVersionSchema)) },
      },
    },
    async (request) => {
      const { id, page, limit } = request.body;
      return ok(await service.history(actor(request).customerId, id, page, limit));
    },
  );
  app.get(
    path(SITE_SETTINGS_PATHS.historyInfo),
    {
      ...customer,
      schema: {
        tags,
        querystring: siteVersionRequestSchema,
        response: { 200: envelopeSchema(siteConfigVersionDetailSchema) },
      },
    },
    async (request) =>
      ok(await service.version(actor(request).customerId, request.query.id, request.query.versionId)),
  );
  app.post(
    path(SITE_SETTINGS_PATHS.rollback),
    {
      ...customer,
      schema: {
        tags,
        body: siteVersionRequestSchema,
        response: { 200: envelopeSchema(siteSettingsViewSchema) },
      },
    },
    async (request) => {
      const view = await service.rollback(actor(request), request.body.id, request.body.versionId);
      return ok(view, 'siteSettings.saved');
    },
  );
}
