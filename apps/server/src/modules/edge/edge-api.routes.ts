import fs from 'node:fs';
import path from 'node:path';
import {
  EDGE_PATHS,
  edgeApplyReportSchema,
  edgeBlockHitsSchema,
  edgeBlocklistQuerySchema,
  edgeBlocklistSchema,
  edgeWafEventsSchema,
  edgeWafSchema,
  edgeBundleQuerySchema,
  edgeBundleSchema,
  edgeHeartbeatSchema,
  edgeTaskReportSchema,
  edgeWaitQuerySchema,
  edgeWaitSchema,
  emptyEnvelopeSchema,
  envelopeSchema,
  probeNodeSchema,
  translate,
} from '@nimbus/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identityGuard } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { untilGoneOrDraining } from '../../platform/draining';
import { publicConsoleUrl } from '../web-config/public-url';
import { ok } from '../../platform/http/envelope';
import { certificateKeyMaterial } from '../certificate/key-material';
import { blocklistEdgeService } from '../blocklist/blocklist-edge.service';
import { siteWafEdgeService } from '../site-waf/site-waf-edge.service';
import { edgeGeoRoutes } from './geo/edge-geo.routes';
import { edgeLogRoutes } from '../analytics/edge-logs.routes';
import { listSignals } from './list-signals';
import { edgeApiService, type EdgeNodeRow } from './edge-api.service';
import { installScript } from './install-script';
import { nodeSignals } from './node-signals';
import { probeKeyService } from './probe-key';

/** The agent as one file, built by `npm run build -w apps/edge`. */
const AGENT_FILE = path.resolve(import.meta.dirname, '../../../../edge/dist/nimbus-edge.mjs');

/** The edge API (`/api/edge/v1/…`): node tokens only, never a customer's or admin's session. */
export function edgeApiRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = edgeApiService(ctx.db, nodeSignals(ctx.changes), certificateKeyMaterial(ctx));
  const probes = probeKeyService(ctx);
  const blocklist = blocklistEdgeService(ctx.db, listSignals(ctx.changes, 'edge_blocklist'));
  const waf = siteWafEdgeService(ctx.db, listSignals(ctx.changes, 'edge_waf'));
  const tags = ['edge-api'];
  // An identity guard like the console's: checked before the body is read, so a caller without
  // a node token learns nothing from a bad body and cannot make the server read a big one.
  const nodes = new WeakMap<FastifyRequest, EdgeNodeRow>();
  const nodeAuth = {
    onRequest: identityGuard(async (request: FastifyRequest) => {
      nodes.set(request, await service.authenticate(request.headers.authorization));
    }),
  };
  const node = (request: FastifyRequest) => nodes.get(request)!;
  const path = (p: string) => `/${p}`;

  app.get(
    path(EDGE_PATHS.wait),
    {
      ...nodeAuth,
      schema: { tags, querystring: edgeWaitQuerySchema, response: { 200: envelopeSchema(edgeWaitSchema) } },
    },
    async (request) => {
      const caller = node(request);
      const gone = untilGoneOrDraining(request, ctx.draining);
      return ok(await service.wait(caller, request.query.version, request.query.timeout, gone));
    },
  );
  app.get(
    path(EDGE_PATHS.bundle),
    {
      ...nodeAuth,
      schema: {
        tags,
        querystring: edgeBundleQuerySchema,
        response: { 200: envelopeSchema(edgeBundleSchema) },
      },
    },
    async (request) => ok(await service.bundle(node(request), request.query.version)),
  );
  app.post(
    path(EDGE_PATHS.report),
    { ...nodeAuth, schema: { tags, body: edgeApplyReportSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await service.report(node(request), request.body);
      return ok();
    },
  );
  app.post(
    path(EDGE_PATHS.heartbeat),
    { ...nodeAuth, schema: { tags, body: edgeHeartbeatSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await service.heartbeat(node(request), request.body);
      return ok();
    },
  );
  app.post(
    path(EDGE_PATHS.taskReport),
    { ...nodeAuth, schema: { tags, body: edgeTaskReportSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await service.taskReport(node(request), request.body);
      return ok();
    },
  );
  app.get(
    path(EDGE_PATHS.blocklist),
    {
      ...nodeAuth,
      schema: {
        tags,
        querystring: edgeBlocklistQuerySchema,
        response: { 200: envelopeSchema(edgeBlocklistSchema) },
      },
    },
    async (request) => {
      const gone = untilGoneOrDraining(request, ctx.draining);
      const { since, timeout } = request.query;
      return ok(await blocklist.changes(since, timeout, gone));
    },
  );
  app.post(
    path(EDGE_PATHS.blocklistHits),
    { ...nodeAuth, schema: { tags, body: edgeBlockHitsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await blocklist.hits(node(request).id, request.body);
      return ok();
    },
  );
  app.get(
    path(EDGE_PATHS.waf),
    {
      ...nodeAuth,
      schema: {
        tags,
        querystring: edgeBlocklistQuerySchema,
        response: { 200: envelopeSchema(edgeWafSchema) },
      },
    },
    async (request) => {
      const gone = untilGoneOrDraining(request, ctx.draining);
      const { since, timeout } = request.query;
      return ok(await waf.changes(node(request), since, timeout, gone));
    },
  );
  app.post(
    path(EDGE_PATHS.wafEvents),
    { ...nodeAuth, schema: { tags, body: edgeWafEventsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await waf.events(node(request), request.body.events);
      return ok();
    },
  );
  edgeGeoRoutes(api, nodeAuth);
  edgeLogRoutes(api, ctx, nodeAuth, (request) => node(request).id);
  app.get(
    path(EDGE_PATHS.probeNodes),
    {
      onRequest: identityGuard((request) => probes.verify(request.headers.authorization)),
      schema: { tags, response: { 200: envelopeSchema(z.array(probeNodeSchema)) } },
    },
    async (request) => ok(await probes.nodesFor(request.headers.authorization)),
  );
  app.get(path(EDGE_PATHS.installScript), { schema: { tags, hide: true } }, async (_request, reply) => {
    const consoleUrl = await publicConsoleUrl(ctx);
    // A script that stops with the reason, so `curl … | sh` says what to do instead of failing silently.
    if (!consoleUrl)
      return reply
        .code(503)
        .type('text/x-shellscript')
        .send(`echo 'nimbus: ${translate('config.publicUrlMissing', 'en')}' >&2\nexit 1\n`);
    return reply.type('text/x-shellscript').send(installScript(consoleUrl));
  });
  app.get(path(EDGE_PATHS.agentScript), { schema: { tags, hide: true } }, async (_request, reply) => {
    if (!fs.existsSync(AGENT_FILE))
      return reply.code(404).type('text/plain').send('agent not built: run npm run build\n');
    return reply.type('text/javascript').send(fs.createReadStream(AGENT_FILE));
  });
}
