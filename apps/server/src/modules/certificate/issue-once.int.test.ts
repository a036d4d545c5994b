import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Certificate } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../../test/support/edge-fleet';

/*
 * Issue 21 §1: an issuance asked for again while one runs waits for it. The "CA" here holds each
 * request for a while and counts how many orders talk to it at once; its directory never answers
 * (404), so every issuance ends, failed, without edges.
 */
let server: TestServer;
let ca: http.Server;
let atOnce = 0;
let mostAtOnce = 0;
let calls = 0;

beforeAll(async () => {
  ca = http.createServer((_request, response) => {
    calls++;
    mostAtOnce = Math.max(mostAtOnce, ++atOnce);
    setTimeout(() => {
      atOnce--;
      response.writeHead(404).end();
    }, 1_500);
  });
  await new Promise<void>((resolve) => ca.listen(0, '127.0.0.1', resolve));
  server = await startTestServer();
  await server.allowOrigins();
  const admin = await server.login('admin');
  await server.call('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Issue', isDefault: true },
  });
  const acme = await server.call('POST', 'sys/certificate/acme/save', {
    token: admin,
    body: { directoryUrl: `http://127.0.0.1:${(ca.address() as AddressInfo).port}/dir`, email: '' },
  });
  expect(acme.body.code).toBe(1);
});

afterAll(async () => {
  await server?.close();
  ca?.closeAllConnections();
  await new Promise((resolve) => ca?.close(resolve));
});

it('runs a renewal asked for during an issuance after it, never beside it', async () => {
  const customer = await server.login('customer');
  const site = await server.call('POST', 'app/site/domain/create', {
    token: customer,
    body: {
      domain: 'www.issue-once.test',
      origins: [{ address: '127.0.0.1', httpPort: 8080 }],
      httpPorts: [80],
    },
  });
  expect(site.body.code, site.body.msg).toBe(1);
  const applied = await server.call<Certificate>('POST', 'app/site/certificate/apply', {
    token: customer,
    body: { domains: ['www.issue-once.test'] },
  });
  const id = applied.body.data!.id;
  await eventually(async () => calls > 0, 10_000, 'the first issuance talking to the CA');
  const renewed = await server.call('POST', 'app/site/certificate/renew', { token: customer, body: { id } });
  expect(renewed.body.code, renewed.body.msg).toBe(1);

  await eventually(
    async () => {
      const { rows } = await server.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'certificate_issue'`,
      );
      return rows[0]!.n === 0 && atOnce === 0;
    },
    30_000,
    'both issuances done',
  );
  expect(calls).toBeGreaterThanOrEqual(2);
  expect(mostAtOnce).toBe(1);
});
