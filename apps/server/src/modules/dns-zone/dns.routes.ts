import {
  changedCountSchema,
  DNS_PATHS,
  dnsDelegationSchema,
  dnsImportRequestSchema,
  dnsImportResultSchema,
  dnsRecordBulkRequestSchema,
  dnsRecordListRequestSchema,
  dnsRecordPageSchema,
  dnsRecordSaveRequestSchema,
  dnsRecordSchema,
  dnsRecordStatusRequestSchema,
  dnsServiceStatusSchema,
  dnsUserChartSchema,
  dnsZoneCreateRequestSchema,
  dnsZoneDnssecRequestSchema,
  dnsZoneListRequestSchema,
  dnsZonePageSchema,
  dnsZoneSchema,
  dnsZoneStatusRequestSchema,
  envelopeSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { dnsRecordService } from './dns-record.service';
import { dnsZoneService } from './dns-zone.service';
import { handleNameserversJob } from './nameservers.sync';

/**
 * DNS hosting of the customer consoles (issue 9 §2): zones and their records. A customer's
 * session or their DNS API key opens these routes alike (ADR 0024).
 */
export function dnsRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const zones = dnsZoneService(ctx);
  const records = dnsRecordService(ctx);
  const tags = ['dns'];
  const me = (request: FastifyRequest) => principalOf(request, 'customer').id;
  const path = (p: string) => `/${p}`;
  const post = <B extends z.ZodType, R extends z.ZodType>(body: B, data: R) => ({
    preValidation: ctx.guards.dnsCustomer,
    schema: { tags, body, response: { 200: envelopeSchema(data) } },
  });
  handleNameserversJob(ctx, api.log);
  const idQuery = z.object({ id: z.coerce.number().int().min(1) });
  const changed = (action: string, count: number) =>
    ok({ changed: count }, action === 'delete' ? 'common.deleted' : 'common.ok');

  app.get(
    path(DNS_PATHS.status),
    {
      preValidation: ctx.guards.dnsCustomer,
      schema: { tags, response: { 200: envelopeSchema(dnsServiceStatusSchema) } },
    },
    async () => ok(zones.status()),
  );
  app.get(
    path(DNS_PATHS.userChart),
    {
      preValidation: ctx.guards.dnsCustomer,
      schema: { tags, response: { 200: envelopeSchema(dnsUserChartSchema) } },
    },
    async (request) => ok(await zones.chart(me(request))),
  );
  app.post(path(DNS_PATHS.zoneList), post(dnsZoneListRequestSchema, dnsZonePageSchema), async (request) =>
    ok(await zones.list(me(request), request.body)),
  );
  app.post(path(DNS_PATHS.zoneCreate), post(dnsZoneCreateRequestSchema, dnsZoneSchema), async (request) =>
    ok(await zones.create(me(request), request.body.name), 'common.saved'),
  );
  app.post(
    path(DNS_PATHS.zoneStatus),
    post(dnsZoneStatusRequestSchema, changedCountSchema),
    async (request) =>
      changed(
        request.body.action,
        await zones.bulkAction(me(request), request.body.ids, request.body.action),
      ),
  );
  app.get(
    path(DNS_PATHS.zoneInfo),
    {
      preValidation: ctx.guards.dnsCustomer,
      schema: { tags, querystring: idQuery, response: { 200: envelopeSchema(dnsZoneSchema) } },
    },
    async (request) => ok(await zones.info(me(request), request.query.id)),
  );
  app.get(
    path(DNS_PATHS.zoneDelegation),
    {
      preValidation: ctx.guards.dnsCustomer,
      schema: {
        tags,
        querystring: idQuery,
        response: { 200: envelopeSchema(dnsDelegationSchema) },
      },
    },
    async (request) => ok(await zones.delegation(me(request), request.query.id)),
  );
  app.post(path(DNS_PATHS.zoneDnssec), post(dnsZoneDnssecRequestSchema, dnsZoneSchema), async (request) =>
    ok(await zones.dnssec(me(request), request.body.id, request.body.enabled), 'common.saved'),
  );
  app.post(
    path(DNS_PATHS.recordList),
    post(dnsRecordListRequestSchema, dnsRecordPageSchema),
    async (request) => ok(await records.list(me(request), request.body)),
  );
  app.post(path(DNS_PATHS.recordSave), post(dnsRecordSaveRequestSchema, dnsRecordSchema), async (request) =>
    ok(await records.save(me(request), request.body), 'common.saved'),
  );
  app.post(
    path(DNS_PATHS.recordBulk),
    post(dnsRecordBulkRequestSchema, changedCountSchema),
    async (request) =>
      ok(
        { changed: await records.bulkAdd(me(request), request.body.zoneId, request.body.records) },
        'common.saved',
      ),
  );
  app.post(
    path(DNS_PATHS.recordImport),
    post(dnsImportRequestSchema, dnsImportResultSchema),
    async (request) =>
      ok(await records.import(me(request), request.body.zoneId, request.body.text), 'common.saved'),
  );
  app.get(
    path(DNS_PATHS.recordExport),
    {
      preValidation: ctx.guards.dnsCustomer,
      schema: {
        tags,
        querystring: z.object({ zoneId: z.coerce.number().int().min(1) }),
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      const file = await records.export(me(request), request.query.zoneId);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.text);
    },
  );
  app.post(
    path(DNS_PATHS.recordStatus),
    post(dnsRecordStatusRequestSchema, changedCountSchema),
    async (request) => {
      const { zoneId, ids, action } = request.body;
      return changed(action, await records.bulkAction(me(request), zoneId, ids, action));
    },
  );
}
