import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type pg from 'pg';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditService } from './platform/audit/audit';
import { identityGuard, principalCheck } from './platform/auth/guards';
import { sessionService } from './platform/auth/session.service';
import type { AppConfig } from './platform/config';
import type { AppContext, CodeSender } from './platform/context';
import type { Db } from './platform/db/database';
import { noRowChanges, type RowChanges } from './platform/db/row-changes';
import { draining } from './platform/draining';
import { jobQueue } from './platform/jobs/jobs';
import { createMetrics, installRequestMetrics } from './platform/metrics/metrics';
import { secretBox } from './platform/crypto/secret-box';
import { installAccessLog } from './platform/http/access-log';
import { installRequestId, REQUEST_ID_LOG_LABEL, requestIdOf } from './platform/http/request-id';
import { frameworkErrorHandler, installErrorHandling } from './platform/http/error-handling';
import { installOpenApi } from './platform/http/openapi';
import { installApiHeaders, installConsoleHeaders } from './platform/http/security-headers';
import { installOperationAudit } from './platform/audit/operation-audit';
import { loggerOptions } from './platform/logger';
import { responseSerializerCompiler } from './platform/http/response-serializer';
import { registerModules } from './modules';
import { noDnsServers, type DnsServers } from './platform/dns-servers';
import { configuredCodeSender } from './modules/notify/code-sender';
import { customerOrDnsApiKey } from './modules/dns-api-key/dns-api-key.guard';
import { dnsApiKeyAuthenticator } from './modules/dns-api-key/dns-api-key.service';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  /** The pool behind `db`: the job queue needs its own connections from it. */
  pool: pg.Pool;
  /** Without it nothing is cached across requests (every read goes to the database). */
  changes?: RowChanges;
  /** Tests may replace how codes leave the system; by default the configured e-mail/SMS channel. */
  codes?: CodeSender;
  logger?: boolean;
  /** Where log lines go (default: stdout in batches); tests read it. */
  logStream?: { write(line: string): unknown };
  /** Check every answer against its zod schema too (tests: catches contract drift). */
  validateResponses?: boolean;
  /** The PowerDNS servers (main.ts opens them); without, the DNS screens say none is there. */
  dns?: DnsServers;
}

export function createContext(
  {
    config,
    db,
    pool,
    codes,
    changes = noRowChanges(),
    dns = noDnsServers('no PowerDNS server was given to this app'),
  }: BuildOptions,
  log: FastifyBaseLogger,
): AppContext {
  const sessions = sessionService(db, config, changes);
  const customer = principalCheck(sessions, 'customer');
  return {
    config,
    db,
    pool,
    changes,
    sessions,
    audit: auditService(db),
    codes: codes ?? configuredCodeSender(db, config.smsEndpoints),
    jobs: jobQueue(pool, { log }),
    secrets: secretBox({ keyBase64: config.secretKey, dataDir: config.dataDir }),
    dns,
    draining: draining(),
    metrics: createMetrics(pool),
    guards: {
      customer: identityGuard(customer),
      admin: identityGuard(principalCheck(sessions, 'admin')),
      dnsCustomer: identityGuard(customerOrDnsApiKey(customer, dnsApiKeyAuthenticator(db))),
    },
  };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(options.config.logLevel, options.logStream),
    // One access line per request comes from installAccessLog instead of Fastify's two.
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: REQUEST_ID_LOG_LABEL,
    }),
    // Unique across a pool of processes (Fastify's default counts from 1 in each).
    genReqId: requestIdOf,
    bodyLimit: 2 * 1024 * 1024,
    // Fastify accepts a hop count too; its overloads only type the server-kind-specific union.
    trustProxy: options.config.trustProxy as string | boolean,
    // Spec §8: the server answers 408 when the client's request header times out.
    requestTimeout: 300_000,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: options.validateResponses ?? false }));
  app.decorateRequest('principal', undefined);
  installRequestId(app);
  installAccessLog(app);
  installApiHeaders(app);
  installErrorHandling(app);
  await installOpenApi(app);

  const ctx = createContext(options, app.log);
  if (options.config.metricsToken) installRequestMetrics(app, ctx.metrics);
  // Before in-flight requests are waited for: long-polls return now instead of at their timeout.
  app.addHook('preClose', (done) => {
    ctx.draining.start();
    done();
  });
  // Answers given while draining close their connection: a kept-alive one would hold the shutdown
  // up for the keep-alive timeout, and the client's next request belongs on another process.
  app.addHook('onSend', async (_request, reply) => {
    if (ctx.draining.signal.aborted) reply.header('connection', 'close');
  });
  installOperationAudit(app, ctx.audit);
  await app.register(async (api) => registerModules(api, ctx), { prefix: '/api' });
  // Modules have named their job handlers by now; the queue works while the app is open.
  await ctx.jobs.start();
  app.addHook('onClose', () => ctx.jobs.stop());
  await serveWebApp(app, options.config.webDistDir);
  return app;
}

/**
 * One SPA build serves the four consoles; any non-API path falls back to index.html. Vite names
 * the files under assets/ by their content, so those are cached for good; anything else (the
 * page, favicon, robots.txt) is revalidated. The build leaves brotli and gzip copies beside
 * each file, sent to browsers that accept them.
 */
async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const html = fs.readFileSync(indexFile, 'utf8');
  await app.register(async (web) => {
    await installConsoleHeaders(web);
    // serve: false — no route per file (those would answer with max-age=0); sendFile only.
    await web.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });
    web.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      const file = fileOf(distDir, request.url);
      if (file && fs.existsSync(file) && fs.statSync(file).isFile()) {
        const relative = path.relative(distDir, file);
        const hashed = relative.startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        return reply.sendFile(relative, { cacheControl: false });
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    });
  });
}

/**
 * The file under `distDir` a URL names, if any. The router has decoded the path already, but
 * it stops at '#' and this does not; a path that does not decode names no file.
 */
function fileOf(distDir: string, url: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split(/[?#]/)[0] ?? '');
  } catch {
    return undefined;
  }
  const file = path.join(distDir, pathname);
  return file.startsWith(distDir + path.sep) ? file : undefined;
}
