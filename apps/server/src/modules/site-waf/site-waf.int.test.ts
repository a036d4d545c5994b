import {
  EDGE_PATHS,
  WAF_PATHS,
  type EdgeNodeSaved,
  type EdgeWaf,
  type Page,
  type WafEvent,
  type WafRule,
  type WafRuleList,
  type WafTestResult,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waiveOwnershipProof, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { sql } from 'drizzle-orm';
import { customers } from '../account/account.schema';
import { pruneWafEvents } from './waf-events-prune.job';

/*
 * A site's WAF rules through the API (issue 20 §2, §4): the §5 rules with their messages, order,
 * presets, the test box, and what nodes are told (their group's sites only) and report.
 */
let server: TestServer;
let customer: string;
let other: string;
let nodeToken: string;
let siteId: number;
let foreignSite: number;
const origins = [{ address: 'origin.example.com', httpPort: 8080 }];

const call = <T = unknown>(path: string, body: unknown, token = customer) =>
  server.call<T>('POST', path, { token, body, lang: 'en' });
const rule = (extra: object = {}) => ({
  siteId,
  action: 'intercept',
  conditions: [{ target: 'path', operator: 'prefix', value: '/admin' }],
  ...extra,
});
const edge = async (since: number) => {
  const response = await fetch(`${server.baseUrl}/api/${EDGE_PATHS.waf}?since=${since}&timeout=0`, {
    headers: { authorization: `Bearer ${nodeToken}` },
  });
  return ((await response.json()) as { data: EdgeWaf }).data;
};

async function createSite(token: string, domain: string) {
  const answer = await call<{ id: number }>('app/site/domain/create', { domain, origins }, token);
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.login('admin');
  customer = await server.login('customer');
  await server.database.db
    .insert(customers)
    .values({ username: 'waf-other', passwordHash: await hashPassword('other-pass-1') });
  await waiveOwnershipProof(server, 'waf-other');
  other = await server.login('customer', { username: 'waf-other', password: 'other-pass-1' });
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'W', isDefault: true },
  });
  nodeToken = (
    await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'waf-1', ipv4: '198.51.100.41', groupId: group.body.data!.id },
    })
  ).body.data!.token!;
  siteId = await createSite(customer, 'a.waf.test');
  foreignSite = await createSite(other, 'b.waf.test');
}, 60_000);
afterAll(() => server?.close());

describe('WAF rules through the API', () => {
  it('refuses each §5 rule with its message, naming the field', async () => {
    const refused = async (body: object, msg: string) => {
      const answer = await call(WAF_PATHS.save, body);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.msg).toContain(msg);
    };
    await refused(
      rule({ conditions: [{ target: 'path', operator: 'prefix', value: '' }] }),
      'cannot be empty',
    );
    await refused(
      rule({ conditions: [{ target: 'path', operator: 'prefix', value: 'admin' }] }),
      'starts with /',
    );
    await refused(
      rule({ conditions: [{ target: 'ip', operator: 'in', value: '1.2.3.999' }] }),
      'IP format error',
    );
    await refused(
      rule({ conditions: Array(7).fill({ target: 'method', operator: 'equals', value: 'get' }) }),
      'At most 6',
    );
    await refused(rule({ action: 'ban' }), 'lasts 1 to');
    await refused(
      rule({ conditions: [{ target: 'ua', operator: 'regex', value: '(a' }] }),
      'regular expression',
    );
  });

  it('keeps another customer’s site out of reach', async () => {
    expect((await call(WAF_PATHS.list, { siteId: foreignSite })).body.code).toBe(404);
    expect((await call(WAF_PATHS.save, rule({ siteId: foreignSite }))).body.code).toBe(404);
  });

  it('adds, reorders and switches rules, and the node hears only the enabled ones in order', async () => {
    const a = (await call<WafRule>(WAF_PATHS.save, rule({ remark: 'a' }))).body.data!;
    const before = (await edge(0)).revision;
    const b = (await call<WafRule>(WAF_PATHS.save, rule({ remark: 'b', action: 'code', status: 451 }))).body
      .data!;
    expect([a.priority, b.priority]).toEqual([1, 2]);
    const ordered = await call<WafRuleList>(WAF_PATHS.order, { siteId, ids: [b.id, a.id] });
    expect(ordered.body.data!.rules.map((r) => r.remark)).toEqual(['b', 'a']);
    expect((await call(WAF_PATHS.order, { siteId, ids: [a.id] })).body.code).toBe(400);
    await call(WAF_PATHS.status, { siteId, id: b.id, enabled: false });

    const delta = await edge(before);
    expect(delta.full).toBe(false);
    expect(delta.sites).toEqual([
      { siteId, rules: [expect.objectContaining({ id: a.id, action: 'intercept' })] },
    ]);
    // The other customer's site has no rules: a full answer lists only sites that have some.
    expect((await edge(0)).sites.map((s) => s.siteId)).toEqual([siteId]);

    await call(WAF_PATHS.delete, { siteId, ids: [a.id, b.id] });
    expect((await edge(delta.revision)).removed).toEqual([siteId]);
  });

  it('adds a ready-made set once, and the test box answers as the edge would', async () => {
    const added = await call<WafRuleList>(WAF_PATHS.preset, { siteId, preset: 'sql-injection' });
    expect(added.body.data!.rules.map((r) => r.preset)).toEqual(['sql-injection']);
    expect((await call(WAF_PATHS.preset, { siteId, preset: 'sql-injection' })).body.code).toBe(409);
    const test = (url: string) =>
      call<WafTestResult>(WAF_PATHS.test, {
        siteId,
        url,
        clientIp: '198.51.100.7',
        headers: 'User-Agent: x',
      });
    expect((await test('/p?id=1+union+select+2')).body.data!.outcome).toMatchObject({
      pass: false,
      status: 403,
    });
    expect((await test('/p?id=1')).body.data!.outcome).toMatchObject({ pass: true });
  });

  it('keeps the events a node reports for its own sites, newest first', async () => {
    const report = (siteIdOf: number) =>
      fetch(`${server.baseUrl}/api/${EDGE_PATHS.wafEvents}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${nodeToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          events: [
            {
              time: Date.now() / 1000,
              siteId: siteIdOf,
              ruleId: 9,
              action: 'intercept',
              clientIp: '203.0.113.5',
              request: 'GET /admin HTTP/1.1',
              seconds: 0,
            },
          ],
        }),
      });
    expect((await report(siteId)).ok).toBe(true);
    const page = await call<Page<WafEvent>>(WAF_PATHS.events, { siteId });
    expect(page.body.data!.list).toEqual([
      expect.objectContaining({
        ruleId: 9,
        clientIp: '203.0.113.5',
        request: 'GET /admin HTTP/1.1',
        nodeName: 'waf-1',
      }),
    ]);
    // Kept a week: an older event goes with the daily prune.
    await server.database.db.execute(sql`update waf_events set at = now() - interval '8 days'`);
    expect(await pruneWafEvents(server.database.db)).toBe(1);
    expect((await call<Page<WafEvent>>(WAF_PATHS.events, { siteId })).body.data!.list).toEqual([]);
  });

  it('the block log filters events by rule, action and client address', async () => {
    const event = (ruleId: number, action: string, clientIp: string) => ({
      time: Date.now() / 1000,
      siteId,
      ruleId,
      action,
      clientIp,
      request: `GET /r${ruleId} HTTP/1.1`,
      seconds: 0,
    });
    const reported = await fetch(`${server.baseUrl}/api/${EDGE_PATHS.wafEvents}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${nodeToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        events: [
          event(11, 'intercept', '203.0.113.21'),
          event(12, 'code', '203.0.113.21'),
          event(11, 'code', '203.0.113.22'),
          event(0, 'intercept', '203.0.113.23'),
        ],
      }),
    });
    expect(reported.ok).toBe(true);
    const found = async (filters: object) => {
      const page = await call<Page<WafEvent>>(WAF_PATHS.events, { siteId, ...filters });
      expect(page.body.code, page.body.msg).toBe(1);
      return {
        total: page.body.data!.totalCount,
        rows: page.body.data!.list.map((e) => `${e.ruleId} ${e.action} ${e.clientIp}`).sort(),
      };
    };
    expect((await found({})).total).toBe(4);
    expect(await found({ ruleId: 11 })).toEqual({
      total: 2,
      rows: ['11 code 203.0.113.22', '11 intercept 203.0.113.21'],
    });
    // Rule 0 (rate limits) is a rule to filter by, not "no filter".
    expect(await found({ ruleId: 0 })).toEqual({ total: 1, rows: ['0 intercept 203.0.113.23'] });
    expect(await found({ action: 'code' })).toEqual({
      total: 2,
      rows: ['11 code 203.0.113.22', '12 code 203.0.113.21'],
    });
    expect(await found({ clientIp: ' 203.0.113.21 ', action: 'code' })).toEqual({
      total: 1,
      rows: ['12 code 203.0.113.21'],
    });
    const refused = await call(WAF_PATHS.events, { siteId, action: 'explode' });
    expect(refused.body.code).toBe(400);
  });
});
