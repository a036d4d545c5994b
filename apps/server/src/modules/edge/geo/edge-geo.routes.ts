import { EDGE_PATHS, edgeGeoSchema, envelopeSchema } from '@nimbus/contract';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope';
import { countryTable } from './country-table';

/**
 * The country table for the edges (node tokens only, like every `edge/v1` route): its hash, so an
 * agent downloads it only when it changed, and the table itself. Nothing in the request names
 * a file: there is one table, built in memory from the shipped IP database.
 */
export function edgeGeoRoutes(api: FastifyInstance, nodeAuth: { onRequest: onRequestHookHandler }) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['edge-api'];
  app.get(
    `/${EDGE_PATHS.geo}`,
    { ...nodeAuth, schema: { tags, response: { 200: envelopeSchema(edgeGeoSchema) } } },
    async () => {
      const { hash, entries, table } = countryTable();
      return ok({ hash, entries, bytes: table.length });
    },
  );
  app.get(
    `/${EDGE_PATHS.geoTable}`,
    { ...nodeAuth, schema: { tags, hide: true } },
    async (_request, reply) => {
      const { hash, table } = countryTable();
      return reply.type('application/octet-stream').header('x-nimbus-geo-hash', hash).send(table);
    },
  );
}
