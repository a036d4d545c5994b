import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The console's pages and files (@fastify/helmet), registered in their own scope. The
 * Content-Security-Policy is what the built app needs and no more: its own scripts only (the
 * build has no inline script), inline styles (antd writes its CSS-in-JS into <style> elements
 * at run time), images from anywhere (the admin may set a logo URL on another host), no
 * framing by other sites.
 */
export async function installConsoleHeaders(web: FastifyInstance): Promise<void> {
  await web.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only the console's own host: the customers' sites may live under the same parent domain
    // and be served over plain HTTP by the edges.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
}

/**
 * The API's answers: JSON (or a file) never sniffed as something else, and no cache keeps them,
 * as they carry personal data (a route may say otherwise). Two fixed headers set by one plain
 * hook: helmet's per-request work would cost the API a quarter of its throughput.
 */
export function installApiHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) {
      reply.header('x-content-type-options', 'nosniff');
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
