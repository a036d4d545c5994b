import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { EdgeNode, EdgeNodeSaved, Page, Site, StreamRule } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_SECRET_KEY,
  waiveOwnershipProof,
  type TestServer,
} from '../../../test/harness';
import {
  eventually,
  fetchEdge,
  freePort,
  startAgent,
  startOrigin,
  stopAgent,
  type Agent,
} from '../../../test/support/edge-fleet';
import { makeCertificate } from '../../../test/support/openssl';
import { hashPassword } from '../../platform/auth/secrets';
import { secretBoxFromKey } from '../../platform/crypto/secret-box';
import { customers } from '../account/account.schema';
import { certificates } from '../certificate/certificate.schema';

/*
 * One tenant cannot freeze the node group (issue 17 §2): what nginx refuses of one customer's
 * config is left out on the node, the rest applies, and only the owner sees the error.
 */
const ADDRESS = '127.0.0.61';
let server: TestServer;
let admin: string;
let mallory: string;
let alice: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let second: Awaited<ReturnType<typeof startOrigin>>;
let agent: Agent;
let port: number;
let bad: Site;
let good: Site;
const held: net.Server[] = [];

const info = async (token: string, id: number) =>
  (await server.call<Site>('GET', 'app/site/domain/info', { token, query: { id } })).body.data!;
const createSite = async (token: string, domain: string) => {
  const answer = await server.call<Site>('POST', 'app/site/domain/create', {
    token,
    body: { domain, origins: [{ address: '127.0.0.1', httpPort: origin.port }], httpPorts: [port] },
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};
const siteApplied = (token: string, id: number) =>
  eventually(async () => (await info(token, id)).config.applied === 1, 20_000, `site ${id} applied`);
const streamState = async (token: string, id: number) =>
  (await server.call<Page<StreamRule>>('POST', 'app/stream/list', { token, body: {} })).body.data!.list.find(
    (r) => r.id === id,
  )!.config;
const saveStream = async (token: string, listenPort: number) => {
  const answer = await server.call<StreamRule>('POST', 'app/stream/save', {
    token,
    body: {
      name: `s${listenPort}`,
      protocol: 'tcp',
      listenPort,
      origins: [{ address: '127.0.0.1', port: 9 }],
    },
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!;
};
/** Another process on the node holds this port (PostgreSQL, sshd…). */
async function holdPort(listenPort: number) {
  const socket = net.createServer();
  await new Promise<void>((resolve) => socket.listen(listenPort, ADDRESS, resolve));
  held.push(socket);
}

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins();
  admin = await server.login('admin');
  alice = await server.login('customer');
  await server.database.db
    .insert(customers)
    .values({ username: 'mallory', passwordHash: await hashPassword('mallory-pass-1') });
  await waiveOwnershipProof(server, 'mallory');
  mallory = await server.login('customer', { username: 'mallory', password: 'mallory-pass-1' });
  origin = await startOrigin('first');
  second = await startOrigin('second');
  port = await freePort();
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Iso', isDefault: true },
  });
  const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: { name: 'iso-1', ipv4: '198.51.100.61', listenAddress: ADDRESS, groupId: group.body.data!.id },
  });
  agent = await startAgent(server, saved.body.data!, ADDRESS);
  bad = await createSite(mallory, 'www.mallory-iso.test');
  good = await createSite(alice, 'www.alice-iso.test');
  await siteApplied(mallory, bad.id);
  await siteApplied(alice, good.id);
}, 60_000);

afterAll(async () => {
  if (process.env.SHOW_AGENT_LOG) console.log(agent.log.join('\n'));
  for (const socket of held) socket.close();
  await stopAgent(agent);
  await origin?.close();
  await second?.close();
  await server?.close();
});

describe('one tenant cannot freeze the group', () => {
  it('leaves out a site nginx -t refuses, applies another tenant’s change, and tells only the owner', async () => {
    // A certificate from before the key policy (512-bit RSA): nginx -t refuses to load it.
    const weak = makeCertificate(['www.mallory-iso.test'], 30, { leafKey: 'rsa:512' });
    const [owner] = await server.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.username, 'mallory'));
    const [cert] = await server.database.db
      .insert(certificates)
      .values({
        customerId: owner!.id,
        name: 'legacy',
        source: 'upload',
        status: 'own',
        domains: ['www.mallory-iso.test'],
        notAfter: new Date(Date.now() + 30 * 86_400_000),
        certPem: weak.certPem,
        keySealed: secretBoxFromKey(Buffer.from(TEST_SECRET_KEY, 'base64')).seal(weak.keyPem),
      })
      .returning({ id: certificates.id });
    const httpsPort = await freePort();
    const broken = await server.call<Site>('POST', 'app/site/domain/update', {
      token: mallory,
      body: {
        id: bad.id,
        origins: [{ address: '127.0.0.1', httpPort: origin.port }],
        httpPorts: [port],
        httpsPorts: [httpsPort],
        httpsEnabled: true,
        certificateId: cert!.id,
      },
    });
    expect(broken.body.code, broken.body.msg).toBe(1);
    const changed = await server.call<Site>('POST', 'app/site/domain/update', {
      token: alice,
      body: { id: good.id, origins: [{ address: '127.0.0.1', httpPort: second.port }], httpPorts: [port] },
    });
    expect(changed.body.code, changed.body.msg).toBe(1);

    // The other tenant's change goes through, and nothing of the refused site reaches them.
    await siteApplied(alice, good.id);
    expect((await fetchEdge(`http://www.alice-iso.test:${port}/a`, ADDRESS)).body).toMatch(/^second /);
    const aliceView = JSON.stringify(
      await server.call('POST', 'app/site/domain/list', { token: alice, body: {} }),
    );
    expect(aliceView).not.toMatch(/mallory|certs\/|nginx|nimbus-edge/);

    // The owner sees their site failed, with nginx's words about it and none of the node's paths.
    const state = await eventually(
      async () => {
        const s = (await info(mallory, bad.id)).config;
        return s.failed === 1 && s;
      },
      20_000,
      'refused site failed',
    );
    expect(state.failures[0]!.error).toMatch(
      new RegExp(`SSL_CTX_use_certificate\\("certs/${cert!.id}\\.pem"\\) failed .*key too small`),
    );
    expect(state.failures[0]!.error).not.toContain(agent.dataDir);
    // It keeps serving what it served before its refused change.
    expect((await fetchEdge(`http://www.mallory-iso.test:${port}/m`, ADDRESS)).body).toMatch(/^first /);

    // The owner, and only the owner, is told by internal letter.
    const inbox = async (token: string) =>
      JSON.stringify((await server.call('POST', 'app/account/message/list', { token, body: {} })).body.data);
    expect(await inbox(mallory)).toContain('www.mallory-iso.test 的最新配置未能在节点上生效');
    expect(await inbox(alice)).not.toMatch(/mallory|key too small/);

    // Admins see the whole error.
    const nodes = await server.call<Page<EdgeNode>>('POST', 'sys/edge/node/list', { token: admin, body: {} });
    expect(nodes.body.data!.list[0]).toMatchObject({ applyState: 'applied' });
    expect(nodes.body.data!.list[0]!.lastError).toMatch(new RegExp(`^site ${bad.id}: .*key too small`));
  });

  it('leaves out a forwarding rule whose port is bound on the node, and applies the rest', async () => {
    const taken = await freePort(ADDRESS);
    await holdPort(taken);
    const rule = await saveStream(mallory, taken);
    const changed = await server.call<Site>('POST', 'app/site/domain/update', {
      token: alice,
      body: { id: good.id, origins: [{ address: '127.0.0.1', httpPort: origin.port }], httpPorts: [port] },
    });
    expect(changed.body.code, changed.body.msg).toBe(1);
    await siteApplied(alice, good.id);
    expect((await fetchEdge(`http://www.alice-iso.test:${port}/b`, ADDRESS)).body).toMatch(/^first /);
    const state = await eventually(
      async () => {
        const s = await streamState(mallory, rule.id);
        return s.failed === 1 && s;
      },
      20_000,
      'rule failed',
    );
    expect(state.failures[0]!.error).toMatch(new RegExp(`bind\\(\\) to ${ADDRESS}:${taken} failed`));
  });

  it('serves the last good version after a restart, leaving out what no longer loads', async () => {
    const later = await freePort(ADDRESS);
    const rule = await saveStream(alice, later);
    await eventually(async () => (await streamState(alice, rule.id)).applied === 1, 20_000, 'rule applied');
    await agent.kill('SIGTERM');
    // While the node was down, another process took the rule's port.
    await holdPort(later);
    agent.start();
    await eventually(
      async () =>
        (await fetchEdge(`http://www.alice-iso.test:${port}/c`, ADDRESS).catch(() => undefined))?.status ===
        200,
      30_000,
      'sites served again after the restart',
    );
    expect((await fetchEdge(`http://www.alice-iso.test:${port}/c`, ADDRESS)).body).toMatch(/^first /);
    await eventually(async () => (await streamState(alice, rule.id)).failed === 1, 20_000, 'rule failed');
  });
});
