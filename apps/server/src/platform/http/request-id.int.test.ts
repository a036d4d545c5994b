import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../../test/support/edge-fleet';
import { logCapture } from '../../../test/support/log-capture';
import { openRequestScopes } from '../request-context';

/** Issue 21 §2: one request id in the answer, the request's log lines and the lines of the jobs it adds. */
let server: TestServer;
const { stream, lines } = logCapture();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  server = await startTestServer({ logStream: stream });
});
afterAll(async () => {
  await server?.close();
});

const idOf = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${server.baseUrl}${path}`, init);
  await response.arrayBuffer();
  return response.headers.get('x-request-id')!;
};
const accessLine = (requestId: string) =>
  eventually(
    async () => lines.find((line) => line.msg === 'request' && line.requestId === requestId),
    5_000,
    'its access line',
  );

it('answers with a fresh id per request, named on the access line, the edge API included', async () => {
  const first = await idOf('/api/health/live');
  const edge = await idOf('/api/edge/v1/bundle', { headers: { authorization: 'Bearer not-a-node-token' } });
  expect(first).toMatch(UUID);
  expect(edge).toMatch(UUID);
  expect(edge).not.toBe(first);
  expect((await accessLine(first)).url).toBe('/api/health/live');
  expect((await accessLine(edge)).url).toBe('/api/edge/v1/bundle');
});

it("keeps a balancer's id when it is short and plain, and replaces any other", async () => {
  const sent = (id: string) => idOf('/api/health/live', { headers: { 'x-request-id': id } });
  expect(await sent('5f0c9a2e7b1d4c3e8a6f0b2d4e6a8c0e')).toBe('5f0c9a2e7b1d4c3e8a6f0b2d4e6a8c0e');
  expect(await sent('lb-1:edge.2_x')).toBe('lb-1:edge.2_x');
  for (const forged of ['a'.repeat(65), 'id with spaces', 'id"quote', '-leading-dash'])
    expect(await sent(forged)).toMatch(UUID);
});

it('gives a job added during a request the id of that request in the lines of its runs', async () => {
  const admin = await server.login('admin');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Request ids', isDefault: true },
  });
  const saved = await fetch(`${server.baseUrl}/api/sys/edge/node/save`, {
    method: 'POST',
    headers: { token: admin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'rid-1', ipv4: '198.51.100.21', groupId: group.body.data!.id }),
  });
  expect(((await saved.json()) as { code: number }).code).toBe(1);
  const requestId = saved.headers.get('x-request-id')!;
  const run = await eventually(
    async () =>
      lines.find(
        (line) => line.job === 'edge_publish' && line.msg === 'job ran' && line.requestId === requestId,
      ),
    20_000,
    'the publish job run with the saving request id',
  );
  expect(run).toMatchObject({ level: 30, jobId: expect.any(String), attempt: 1 });
  // Every answered write closed its scope: with none in flight, reads pay nothing for them.
  expect(openRequestScopes()).toBe(0);
});
