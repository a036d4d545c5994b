import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/docs/openapi.json', () => {
  it('documents the routes from the contract schemas, with the token header scheme', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes).toHaveProperty('token');
    for (const path of [
      '/api/app/account/userinfo',
      '/api/app/account/message/list',
      '/api/sys/config/update',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/sys/config/update']?.post?.requestBody).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/app/account/userinfo'])).not.toMatch(/password|googleAuthSecret/i);
  });
});
