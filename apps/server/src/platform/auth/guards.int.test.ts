import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { PUBLIC_CONSOLE_ROUTES } from '../../../test/support/public-routes';

/**
 * Every route is checked, as the OpenAPI document lists them: authentication comes before
 * validation, so a caller without the right token learns nothing from a bad body (401/403,
 * never 400). The public routes (test/support/public-routes.ts) are the exceptions.
 */
const PUBLIC = new Set(PUBLIC_CONSOLE_ROUTES);

let server: TestServer;
let customer: string;
let admin: string;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  server = await startTestServer();
  customer = await server.login('customer');
  admin = await server.login('admin');
  const doc = (await fetch(`${server.baseUrl}/api/docs/openapi.json`).then((r) => r.json())) as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});

afterAll(() => server?.close());

/** The route with its path parameters filled and a body no schema accepts. */
async function badRequestTo(route: { method: string; path: string }, token?: string) {
  const url = `${server.baseUrl}${route.path.replace(/\{[^}]+\}/g, '0')}?page=-1&limit=x&id=x`;
  const headers: Record<string, string> = { lang: 'en' };
  if (token) headers.token = token;
  const init: RequestInit = { method: route.method, headers };
  if (route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(['not', 'an', 'object']);
  }
  const response = await fetch(url, init);
  return (await response.json()) as { code: number };
}

describe('guards run before validation', () => {
  it('finds the guarded routes in the OpenAPI document', () => {
    const guarded = routes.filter((r) => !PUBLIC.has(`${r.method} ${r.path}`));
    expect(guarded.length).toBeGreaterThan(30);
    for (const r of PUBLIC) expect(routes.map((x) => `${x.method} ${x.path}`)).toContain(r);
  });

  it('a bad request without a token answers 401 on every guarded route', async () => {
    const answers: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC.has(`${r.method} ${r.path}`))) {
      answers.push(`${route.method} ${route.path} → ${(await badRequestTo(route)).code}`);
    }
    expect(answers.filter((a) => !a.endsWith('→ 401'))).toEqual([]);
  });

  it('a bad request with the other identity’s token answers 403', async () => {
    const answers: string[] = [];
    const consoleRoutes = routes.filter((r) => !PUBLIC.has(`${r.method} ${r.path}`) && !isEdgeApi(r));
    for (const route of consoleRoutes) {
      // Admin calls live under sys/ and sys_common/ (spec §7's two roots).
      const token = route.path.startsWith('/api/sys') ? customer : admin;
      answers.push(`${route.method} ${route.path} → ${(await badRequestTo(route, token)).code}`);
    }
    expect(answers.filter((a) => !a.endsWith('→ 403'))).toEqual([]);
  });

  it('the edge API knows no console session: a customer’s or admin’s token answers 401', async () => {
    const answers: string[] = [];
    for (const route of routes.filter(isEdgeApi))
      for (const token of [customer, admin])
        answers.push(`${route.method} ${route.path} → ${(await badRequestTo(route, token)).code}`);
    expect(answers.length).toBeGreaterThan(5);
    expect(answers.filter((a) => !a.endsWith('→ 401'))).toEqual([]);
  });
});

/** Agents' and probes' routes: node or probe tokens in `authorization`, never a session. */
function isEdgeApi(route: { path: string }) {
  return route.path.startsWith('/api/edge/');
}
