import {
  DNS_LINE_API,
  envelopeSchema,
  ipAreaQuerySchema,
  ipAreaSchema,
  lineCatalogueSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { dnsLinesService } from './dns-lines.service';

/** The line catalogue and the IP look-up of the DNS record screens (issue 9 §2); a DNS API key opens them too (ADR 0024). */
export function dnsLinesRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const lines = dnsLinesService(ctx);
  const tags = ['dns'];
  // The line data goes where PowerDNS reads it before a query needs it (records saved by an
  // earlier run name it); a failure here is tried again by the first save with a line.
  if (lines.catalogue().available)
    lines.library().catch((error: Error) => api.log.warn({ err: error }, 'DNS line data not written'));

  app.get(
    `/${DNS_LINE_API.lineAreas}`,
    {
      preValidation: ctx.guards.dnsCustomer,
      schema: { tags, response: { 200: envelopeSchema(lineCatalogueSchema) } },
    },
    async () => ok(lines.catalogue()),
  );
  app.get(
    `/${DNS_LINE_API.ipArea}`,
    {
      preValidation: ctx.guards.dnsCustomer,
      schema: { tags, querystring: ipAreaQuerySchema, response: { 200: envelopeSchema(ipAreaSchema) } },
    },
    async (request) => ok(lines.ipArea(request.query.ip)),
  );
}
