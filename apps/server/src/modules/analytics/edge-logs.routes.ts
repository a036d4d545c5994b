import {
  EDGE_LOG_BATCH_HEADER,
  EDGE_LOG_DROPPED_HEADER,
  EDGE_LOG_MAX_BODY_BYTES,
  EDGE_PATHS,
  emptyEnvelopeSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { analyticsStoreOf } from './analytics-store-of';
import { logRetention } from './log-retention';
import { logIngestService, type LogBatchInput } from './log-ingest.service';
import { streamIngestService } from './stream-ingest.service';

const NDJSON = 'application/x-ndjson';

/**
 * `POST edge/v1/logs` and `POST edge/v1/stream-logs`: a node's batch of access-log or layer-4
 * session lines (contract edge-logs.ts). Node tokens only, checked before the body is read; the
 * body stays gzip-compressed until the service unpacks it with a bound.
 */
export function edgeLogRoutes(
  api: FastifyInstance,
  ctx: AppContext,
  nodeAuth: { onRequest: onRequestHookHandler },
  nodeIdOf: (request: FastifyRequest) => number,
) {
  const keepDays = logRetention(ctx);
  const services = [
    { path: EDGE_PATHS.logs, service: logIngestService(ctx.pool, analyticsStoreOf(ctx), keepDays) },
    { path: EDGE_PATHS.streamLogs, service: streamIngestService(ctx.pool, analyticsStoreOf(ctx), keepDays) },
  ];
  const inputOf = (request: FastifyRequest): LogBatchInput => {
    const dropped = Number(request.headers[EDGE_LOG_DROPPED_HEADER] ?? 0);
    return {
      nodeId: nodeIdOf(request),
      batchId: String(request.headers[EDGE_LOG_BATCH_HEADER] ?? ''),
      dropped: Number.isSafeInteger(dropped) && dropped > 0 ? dropped : 0,
      gzipBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    };
  };
  void api.register(async (scope) => {
    scope.addContentTypeParser(
      NDJSON,
      { parseAs: 'buffer', bodyLimit: EDGE_LOG_MAX_BODY_BYTES },
      (_req, body, done) => done(null, body),
    );
    for (const { path, service } of services)
      scope.post(
        `/${path}`,
        { ...nodeAuth, schema: { tags: ['edge-api'], response: { 200: emptyEnvelopeSchema } } },
        async (request) => {
          const result = await service.ingest(inputOf(request));
          request.log.debug({ batch: result }, path);
          return ok();
        },
      );
  });
}
