import type { EdgeNodeSaved } from '@nimbus/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

const TOKEN = 'scraper-token-of-the-test';
let server: TestServer;
let plain: TestServer;

beforeAll(async () => {
  [server, plain] = await Promise.all([
    startTestServer({ env: { NIMBUS_METRICS_TOKEN: TOKEN } }),
    startTestServer(),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), plain?.close()]);
});

const scrape = (target: TestServer, token?: string) =>
  fetch(`${target.baseUrl}/api/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

it('serves Prometheus metrics only to the holder of the token, and not at all without one configured', async () => {
  expect((await scrape(server)).status).toBe(401);
  expect((await scrape(server, 'wrong')).status).toBe(401);
  expect((await scrape(plain, TOKEN)).status).toBe(404);
  const answer = await scrape(server, TOKEN);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
});

it('counts requests per route pattern and reports the fleet, the job queue and the database pool', async () => {
  const admin = await server.login('admin');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Metrics', isDefault: true },
  });
  await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: { name: 'metrics-1', ipv4: '198.51.100.92', listenAddress: '', groupId: group.body.data!.id },
  });
  await server.call('GET', 'app/site/domain/settings', { token: admin, query: { id: 424242 } });

  const text = await (await scrape(server, TOKEN)).text();
  // The pattern, never the URL with its query: one series per route, however many ids are asked.
  expect(text).toMatch(
    /nimbus_http_requests_total\{method="POST",route="\/api\/sys\/edge\/node\/save",status="200"\} 1\n/,
  );
  expect(text).toMatch(
    /nimbus_http_requests_total\{method="GET",route="\/api\/app\/site\/domain\/settings",status="\d+"\} 1\n/,
  );
  expect(text).not.toContain('424242');
  expect(text).toMatch(
    /nimbus_http_request_duration_seconds_count\{method="POST",route="\/api\/sys\/edge\/node\/save"\} 1\n/,
  );
  // A node that never sent a heartbeat is offline, and has a version it has not applied.
  expect(text).toContain('nimbus_edge_nodes{state="offline"} 1\n');
  expect(text).toContain('nimbus_edge_nodes{state="healthy"} 0\n');
  expect(text).toMatch(/nimbus_edge_config_pending_nodes [01]\n/);
  expect(text).toMatch(/nimbus_jobs_due \d+\n/);
  expect(text).toMatch(/nimbus_pg_pool_connections\{state="busy"\} \d+\n/);
  expect(text).toContain('nimbus_process_resident_memory_bytes');
});
