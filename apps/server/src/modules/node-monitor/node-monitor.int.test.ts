import crypto from 'node:crypto';
import dns from 'node:dns/promises';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EDGE_PATHS, type NodeMonitorEvent, type NodeMonitorOverview } from '@nimbus/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startFakeSmsBao, type FakeSmsProvider } from '../../integrations/sms/testing/fake-sms-providers';
import { startSmtpSink, type SmtpSink } from '../../integrations/smtp/testing/smtp-sink';
import { freePort } from '../../../test/support/edge-fleet';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { customers } from '../account/account.schema';
import { edgeGroups, edgeNodes } from '../edge/edge.schema';
import { sites } from '../site/site.schema';
import { nodeMonitorChecker } from './node-monitor.checker';
import { nodeMonitorStates } from './node-monitor.schema';
import { queueCheck } from './node-monitor.service';

/*
 * Two nodes of one group whose "port" is a real TCP listener on a loopback address of its own;
 * the checker is stepped by calling its check directly (each call is one check interval), and
 * answers are read from PowerDNS as a resolver would.
 */

let pdns: TestPowerDns;
let smtp: SmtpSink;
let smsBao: FakeSmsProvider;
const MAILBOX = { username: 'noreply@nimbus.test', password: 'smtp-auth-code' };
let server: TestServer;
let resolver: dns.Resolver;
let admin: string;
let port: number;
const base = `127.54.${crypto.randomInt(1, 255)}`;
const A = `${base}.1`;
const B = `${base}.2`;
const ids: Record<string, number> = {};
const listeners = new Map<string, net.Server>();

const db = () => server.database.db;
const checker = () => nodeMonitorChecker({ db: db() });
const answers = async () => (await resolver.resolve4('site.cdn.monitor.test').catch(() => [])).sort();
const expectAnswers = (expected: string[]) =>
  vi.waitFor(async () => expect(await answers()).toEqual(expected), { timeout: 10_000, interval: 200 });
const stateOf = async (address: string) =>
  (await db().select().from(nodeMonitorStates).where(eq(nodeMonitorStates.nodeId, ids[address]!)))[0]!;

async function open(address: string) {
  const listener = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => listener.listen(port, address, resolve));
  listeners.set(address, listener);
}
async function close(address: string) {
  const listener = listeners.get(address);
  listeners.delete(address);
  await new Promise((resolve) => listener?.close(resolve));
}
async function checks(times: number, now?: () => Date) {
  for (let i = 0; i < times; i += 1) await checker().check(now?.());
}
async function timeline(): Promise<NodeMonitorEvent[]> {
  const answer = await server.call<{ list: NodeMonitorEvent[] }>('POST', 'sys/node-monitor/event/list', {
    token: admin,
    body: { page: 1, limit: 200 },
  });
  return answer.body.data!.list;
}

beforeAll(async () => {
  [pdns, smtp, smsBao] = await Promise.all([
    startPowerDns(),
    startSmtpSink(MAILBOX),
    startFakeSmsBao({ nimbus: 'smsbao-key' }),
  ]);
  server = await startTestServer({ dns: pdns.servers });
  resolver = new dns.Resolver({ timeout: 1_000, tries: 1 });
  resolver.setServers([`${pdns.dns.host}:${pdns.dns.port}`]);
  port = await freePort(A);
  admin = await server.login('admin');
  const mail = await server.call('POST', 'sys/config/update', {
    token: admin,
    body: {
      id: 10,
      paramKey: 'MAIL_CONFIG_KEY',
      remark: 'E-mail (SMTP)',
      status: 1,
      paramValue: JSON.stringify({
        protocol: 'smtp',
        host: smtp.host,
        port: smtp.port,
        secure: false,
        username: MAILBOX.username,
        password: MAILBOX.password,
        templates: { code: { subject: 'Code {code}', content: 'Your code is {code}.' } },
      }),
    },
  });
  expect(mail.body.code).toBe(1);
  // SMSBao with the node monitor's template (kind node_check).
  const sms = await server.call('POST', 'sys/config/update', {
    token: admin,
    body: {
      id: 46,
      paramKey: 'SMS_BAO',
      status: 1,
      paramValue: JSON.stringify({
        api_addr: smsBao.url,
        username: 'nimbus',
        api_key: 'smsbao-key',
        signname: 'Nimbus',
        templateIds: {
          node_check: {
            name: 'node_check',
            title: 'Node',
            id: '',
            status: 1,
            content: '节点{name}（{ip}）{event}',
          },
        },
      }),
    },
  });
  expect(sms.body.code).toBe(1);
  const saved = await server.call('POST', 'sys/config/update', {
    token: admin,
    body: {
      id: 37,
      paramKey: 'CDN_NODECHECK_KEY',
      remark: 'Node check',
      paramValue: JSON.stringify({
        DnsDispatchMode: 'online',
        ModeTimingFrequency: 60,
        checkNodePortList: String(port),
        // The background chain waits its longest; the test steps the checks itself.
        checkNodeFrequency: 300,
        failPercent: 80,
        mailNotice: 'ops@nimbus.test',
        mailNoticeStatus: 1,
        smsNotice: '13800000000',
        smsNoticeStatus: 1,
      }),
    },
  });
  expect(saved.body.code).toBe(1);
  await queueCheck(db(), new Date(Date.now() + 300_000));
  await Promise.all([open(A), open(B)]);
  const [group] = await db().insert(edgeGroups).values({ name: 'Monitored', isDefault: true }).returning();
  const nodes = await db()
    .insert(edgeNodes)
    .values([
      { name: 'mon-a', ipv4: A, groupId: group!.id, tokenHash: 'monitor-a' },
      { name: 'mon-b', ipv4: B, groupId: group!.id, tokenHash: 'monitor-b' },
    ])
    .returning();
  for (const node of nodes) ids[node.ipv4] = node.id;
  const [demo] = await db().select().from(customers).where(eq(customers.username, 'demo'));
  await db()
    .insert(sites)
    .values({
      customerId: demo!.id,
      domain: 'www.monitored.test',
      cnameLabel: 'site',
      nodeGroupId: group!.id,
      originProtocol: 'http',
      balance: 'round_robin',
      origins: [{ address: '10.0.0.1', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' }],
      httpPorts: [80],
    });
  await server.call('POST', 'sys/config/web/save', {
    token: admin,
    body: { section: 'dns_rewrite', value: { cnameDomain: 'cdn.monitor.test', dnsAddress: '' } },
  });
  await expectAnswers([A, B]);
}, 60_000);
afterAll(async () => {
  for (const address of [...listeners.keys()]) await close(address);
  await server?.close();
  await pdns?.stop();
  await smtp?.close();
  await smsBao?.close();
});

describe('node monitor', () => {
  it('takes a node whose port is closed out of the CNAME zone within two checks, and puts it back by itself', async () => {
    await checks(1);
    await close(A);
    await checks(1);
    expect((await stateOf(A)).inDns).toBe(true); // one bad check is not enough (hysteresis)
    await checks(1);
    expect((await stateOf(A)).inDns).toBe(false);
    await expectAnswers([B]);
    const [removed] = await timeline();
    expect(removed).toMatchObject({ nodeName: 'mon-a', action: 'removed', reason: 'down', dryRun: false });
    expect(removed!.evidence).toEqual([
      expect.objectContaining({ probe: 'local', ports: [port], failedPorts: [port] }),
    ]);

    await open(A);
    await checks(2);
    await expectAnswers([A, B]);
    expect((await timeline())[0]).toMatchObject({ nodeName: 'mon-a', action: 'returned', reason: 'up' });

    // The admin heard of both by mail (platform language: Chinese by default).
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.rcptTo)).toEqual([['ops@nimbus.test'], ['ops@nimbus.test']]);
    expect(mails[0]!.subject).toBe('节点 mon-a 已移出 DNS');
    expect(mails[0]!.text).toContain(`local: ${port}`);
    expect(mails[1]!.subject).toBe('节点 mon-a 已恢复解析');
    // And by SMS, through the node_check template.
    expect(smsBao.requests.slice(0, 2).map((r) => [r.verified, r.mobile, r.params])).toEqual([
      [true, '13800000000', `【Nimbus】节点mon-a（${A}）已移出DNS`],
      [true, '13800000000', `【Nimbus】节点mon-a（${A}）已恢复解析`],
    ]);
  });

  it('runs by itself as a job: a check asked for now runs and queues the next one a frequency later', async () => {
    const before = Date.now();
    expect((await server.call('POST', 'sys/node-monitor/check', { token: admin })).body.code).toBe(1);
    await vi.waitFor(
      async () => {
        const overview = await server.call<NodeMonitorOverview>('GET', 'sys/node-monitor/overview', {
          token: admin,
        });
        expect(Date.parse(overview.body.data!.lastCheckAt!)).toBeGreaterThan(before);
      },
      { timeout: 10_000, interval: 200 },
    );
    await vi.waitFor(
      async () => {
        const { rows } = await server.database.pool.query<{ run_at: Date }>(
          `select run_at from graphile_worker.jobs where key = 'node-monitor-check'`,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.run_at.getTime()).toBeGreaterThan(before + 250_000);
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it('never removes the last healthy node: the timeline says the removal was held back', async () => {
    await close(A);
    await checks(2);
    await expectAnswers([B]);
    await close(B);
    await checks(3);
    expect((await stateOf(B)).inDns).toBe(true);
    expect((await stateOf(B)).held).toBe(true);
    await expectAnswers([B]);
    const events = await timeline();
    expect(events[0]).toMatchObject({ nodeName: 'mon-b', action: 'held', reason: 'lastHealthy' });
    expect(events.filter((event) => event.action === 'held')).toHaveLength(1); // told once, not every check

    await Promise.all([open(A), open(B)]);
    await checks(2);
    await expectAnswers([A, B]);
  });

  it('counts the probes together: one probe failing is outvoted by external probes that reach the node', async () => {
    const key = await server.call<never>('GET', 'sys/cdnsys/auth/check/key/show', { token: admin });
    const token = key.body.token as string;
    const report = (authorization?: string) =>
      fetch(`${server.baseUrl}/api/${EDGE_PATHS.probeReport}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({
          probe: 'probe-1',
          results: [{ nodeId: ids[A], ports: [port], failedPorts: [] }],
        }),
      }).then((response) => response.json() as Promise<{ code: number; data?: unknown }>);
    const sameLength = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const refused of [undefined, 'Bearer wrong', `Bearer ${sameLength}`, token, `Basic ${token}`])
      expect((await report(refused)).code).toBe(401);
    await close(A);
    for (let i = 0; i < 3; i += 1) {
      expect(await report(`Bearer ${token}`)).toMatchObject({
        code: 1,
        data: { accepted: 1, ports: [port], frequency: 300 },
      });
      await checks(1);
    }
    expect(await stateOf(A)).toMatchObject({ inDns: true, healthy: true, failPercent: 50 });
    await open(A);
    // The external view goes stale after three intervals and stops counting.
    await db().execute(
      sql`update node_probe_views set checked_at = now() - interval '1 hour' where probe = 'probe-1'`,
    );
  });

  it('in dry run writes verdicts and timeline but leaves DNS alone; switching it off applies them', async () => {
    const dry = (dryRun: boolean) =>
      server.call('POST', 'sys/node-monitor/dry-run', { token: admin, body: { dryRun } });
    expect((await dry(true)).body.code).toBe(1);
    await close(A);
    await checks(3);
    expect(await stateOf(A)).toMatchObject({ plannedInDns: false, inDns: true });
    expect((await timeline())[0]).toMatchObject({ nodeName: 'mon-a', action: 'removed', dryRun: true });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await answers()).toEqual([A, B]);

    expect((await dry(false)).body.code).toBe(1);
    await checks(1);
    await expectAnswers([B]);
    expect((await timeline()).find((event) => event.reason === 'dryRunEnded')).toMatchObject({
      nodeName: 'mon-a',
      action: 'removed',
      dryRun: false,
    });
    await open(A);
    await checks(2);
    await expectAnswers([A, B]);
  });

  it('follows a manual override until it expires', async () => {
    const refused = await server.call('POST', 'sys/node-monitor/override', {
      token: admin,
      lang: 'en',
      body: { nodeId: ids[B], override: 'out' },
    });
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('Minutes');
    const set = await server.call('POST', 'sys/node-monitor/override', {
      token: admin,
      body: { nodeId: ids[B], override: 'out', minutes: 1 },
    });
    expect(set.body.code).toBe(1);
    await checks(1);
    await expectAnswers([A]);
    const overview = await server.call<NodeMonitorOverview>('GET', 'sys/node-monitor/overview', {
      token: admin,
    });
    expect(overview.body.data!.nodes.find((node) => node.nodeId === ids[B])).toMatchObject({
      override: 'out',
      inDns: false,
      healthy: true,
    });
    // A minute later (stepped, not waited) the override is over and B answers again.
    await checks(1, () => new Date(Date.now() + 61_000));
    await expectAnswers([A, B]);
    const events = await timeline();
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['override', 'overrideExpired']),
    );
    expect((await stateOf(B)).override).toBeNull();
  });
});
