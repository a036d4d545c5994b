import net from 'node:net';
import { BACKUP_PATHS } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { PUBLIC_CONSOLE_ROUTES } from '../../../test/support/public-routes';
import { routeTable } from '../../../test/support/route-table';
import { IDENTITY_GUARD_NAME } from './guards';

/**
 * Identity comes before the body: an upload nobody was allowed to send is refused on its
 * headers, and the server closes the connection instead of reading it.
 */

/** Routes anyone may call (logging in, the public web config, the agent's download). */
const PUBLIC = new Set([
  ...PUBLIC_CONSOLE_ROUTES,
  'GET /api/edge/v1/install.sh',
  'GET /api/edge/v1/agent.mjs',
]);

const FIFTY_MB = 50 * 1024 * 1024;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/**
 * Sends only the head of a 50 MB upload and waits for the server to answer and hang up. The
 * body is never sent: a server that wanted it before deciding would never answer.
 */
function uploadHeadOnly(
  path: string,
  token?: string,
): Promise<{ status: number; headers: string; body: string }> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
      socket.destroy();
    });
    socket.write(
      [
        `POST /api/${path} HTTP/1.1`,
        `Host: ${url.host}`,
        'Content-Type: application/octet-stream',
        `Content-Length: ${FIFTY_MB}`,
        'lang: en',
        ...(token ? [`token: ${token}`] : []),
        '',
        '',
      ].join('\r\n'),
    );
  });
}

describe('identity before the body', () => {
  it('an unauthenticated 50 MB restore is refused on its headers and the connection closed', async () => {
    const answer = await uploadHeadOnly(BACKUP_PATHS.import);
    expect(answer.status).toBe(200);
    expect(answer.headers).toContain('connection: close');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 401 });
  }, 30_000);

  it('a customer token on sys/ is refused before the body', async () => {
    const customer = await server.login('customer');
    const answer = await uploadHeadOnly(BACKUP_PATHS.import, customer);
    expect(answer.headers).toContain('connection: close');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 403 });
  }, 30_000);

  it('every guarded route checks identity first, in onRequest, and nowhere after the body', () => {
    const routes = routeTable(server.app).filter(
      (r) => /^\/api\/(app|sys|sys_common|edge)\//.test(r.path) && r.method !== 'HEAD' && r.method !== '-',
    );
    const guard = `${IDENTITY_GUARD_NAME}()`;
    const named = (r: (typeof routes)[number]) => `${r.method} ${r.path}`;
    expect(routes.length).toBeGreaterThan(150);
    const guarded = routes.filter((r) => !PUBLIC.has(named(r)));
    expect(guarded.filter((r) => !r.hooks.onRequest?.includes(guard)).map(named)).toEqual([]);
    const late = routes.filter((r) =>
      ['preParsing', 'preValidation', 'preHandler'].some((stage) => r.hooks[stage]?.includes(guard)),
    );
    expect(late.map(named)).toEqual([]);
    // A public route that gained a guard is no longer public: the list stays honest.
    expect(
      routes.filter((r) => PUBLIC.has(named(r)) && r.hooks.onRequest?.includes(guard)).map(named),
    ).toEqual([]);
  });
});
