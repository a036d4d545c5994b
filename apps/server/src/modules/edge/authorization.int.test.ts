import type { AuthorizationInfo } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { releaseNotes } from '../common/changelog';

/**
 * The DNS admin's authorization info over real HTTP: the installation, the probe key beside
 * `code` (spec §7), its rotation (the old key refused at once where probes use it), admin only.
 */
let server: TestServer;
let admin: string;
let customer: string;

const SHOW = 'sys/cdnsys/auth/check/key/show';
const ROTATE = 'sys/cdnsys/auth/check/key/rotate';
const INFO = 'sys/cdnsys/auth/info';

/** A probe's call with the platform key, as ADR 0023 describes them. */
async function probe(path: 'nodes' | 'report', key: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/edge/v1/probe/${path}`, {
    method: path === 'nodes' ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      ...(path === 'report' ? { 'content-type': 'application/json' } : {}),
    },
    body: path === 'report' ? JSON.stringify({ probe: 'probe-a', results: [] }) : undefined,
  });
  return ((await response.json()) as { code: number }).code;
}

async function shownKey(): Promise<string> {
  const answer = await server.call('GET', SHOW, { token: admin });
  return answer.body.token as string;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  customer = await server.login('customer');
});
afterAll(() => server.close());

describe('authorization info', () => {
  it('says when the key was made even when asked before the key was ever shown', async () => {
    const info = await server.call<AuthorizationInfo>('GET', INFO, { token: admin });
    expect(Date.parse(info.body.data!.keyCreatedAt!)).not.toBeNaN();
  });

  it('shows the key and the import URL beside code, the same key each time', async () => {
    const shown = await server.call('GET', SHOW, { token: admin });
    expect(shown.body).toMatchObject({
      code: 1,
      token: expect.stringMatching(/^probe_[\w-]{43}$/),
      importUrl: `${server.baseUrl}/api/edge/v1/probe/nodes`,
    });
    expect(shown.body.data).toBeUndefined();
    expect((await server.call('GET', SHOW, { token: admin })).body.token).toBe(shown.body.token);
  });

  it('says what this installation is: its release and where probes call', async () => {
    const [release] = await releaseNotes();
    const info = await server.call<AuthorizationInfo>('GET', INFO, { token: admin });
    expect(info.body.code).toBe(1);
    expect(info.body.data).toMatchObject({
      product: 'Nimbus',
      version: release!.version,
      releaseDate: release!.date,
      consoleUrl: server.baseUrl,
      importUrl: `${server.baseUrl}/api/edge/v1/probe/nodes`,
      reportUrl: `${server.baseUrl}/api/edge/v1/probe/report`,
    });
    expect(info.body.data!.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Date.parse(info.body.data!.keyCreatedAt!)).not.toBeNaN();
  });

  it('rotates the key: the old one is refused at once by both probe calls, the new one works, audited', async () => {
    const old = await shownKey();
    expect(await probe('nodes', old)).toBe(1);
    expect(await probe('report', old)).toBe(1);
    const before = (await server.call<AuthorizationInfo>('GET', INFO, { token: admin })).body.data!;

    const rotated = await server.call('POST', ROTATE, { token: admin, lang: 'en' });
    expect(rotated.body).toMatchObject({
      code: 1,
      msg: 'New authorization key issued: the old one stopped working',
      token: expect.stringMatching(/^probe_/),
      importUrl: `${server.baseUrl}/api/edge/v1/probe/nodes`,
    });
    const fresh = rotated.body.token as string;
    expect(fresh).not.toBe(old);
    expect(await probe('nodes', old)).toBe(401);
    expect(await probe('report', old)).toBe(401);
    expect(await probe('nodes', fresh)).toBe(1);
    expect(await probe('report', fresh)).toBe(1);
    expect(await shownKey()).toBe(fresh);

    const after = (await server.call<AuthorizationInfo>('GET', INFO, { token: admin })).body.data!;
    expect(Date.parse(after.keyCreatedAt!)).toBeGreaterThanOrEqual(Date.parse(before.keyCreatedAt!));
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'edge.probe.key.rotate'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorKind: 'admin', success: true });
    // The audit log never holds a key.
    expect(JSON.stringify(audits[0])).not.toContain(fresh);
  });

  it('answers admins only: a customer token is forbidden, no token is not logged in', async () => {
    for (const [method, path] of [
      ['GET', SHOW],
      ['POST', ROTATE],
      ['GET', INFO],
    ] as const) {
      const asCustomer = await server.call(method, path, { token: customer });
      expect(asCustomer.body.code, path).toBe(403);
      expect(asCustomer.body.token, path).toBeUndefined();
      expect((await server.call(method, path)).body.code, path).toBe(401);
    }
  });

  it('hands out no URL while the public console URL is unset', async () => {
    const publicUrl = server.config.publicUrl;
    server.config.publicUrl = undefined;
    try {
      const shown = await server.call('GET', SHOW, { token: admin });
      expect(shown.body).toMatchObject({ code: 1, importUrl: '' });
      const info = await server.call<AuthorizationInfo>('GET', INFO, { token: admin });
      expect(info.body.data).toMatchObject({ consoleUrl: '', importUrl: '', reportUrl: '' });
    } finally {
      server.config.publicUrl = publicUrl;
    }
  });
});
