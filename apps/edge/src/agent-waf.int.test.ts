import { evaluateWafRules, wafSampleOf, type WafEdgeRule } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusFrom, until, type Visit } from '../test/agent-process';
import { startServingNode, type EdgeNode } from '../test/edge-node';

/*
 * A site's WAF rules on a real nginx (ADR 0039): the agent long-polls the (fake) console's rule
 * sets and writes them into shared memory; nginx runs them per request. No change reloads nginx.
 */
const ADDRESS = '127.0.0.76';
let node: EdgeNode;

const visit = (what: Visit) => statusFrom(ADDRESS, node.sitePort, { path: '/', ...what });

const becomes = (what: Visit, status: number) =>
  until(
    async () => ((await visit(what)) === status ? true : undefined),
    `${JSON.stringify(what)} → ${status}`,
  );

const rule = (
  id: number,
  action: WafEdgeRule['action'],
  conditions: WafEdgeRule['conditions'],
  extra = {},
) => ({
  id,
  action,
  status: 403,
  seconds: 0,
  conditions,
  ...extra,
});
const cond = (target: string, operator: string, values: string[], name = '', negate = false) =>
  ({ target, operator, values, name, negate }) as WafEdgeRule['conditions'][number];

beforeAll(async () => {
  node = await startServingNode(ADDRESS);
});
afterAll(() => node?.close());

describe('WAF rules on a managed nginx', () => {
  it('blocks exactly the request matching all three conditions, whatever the case, without a reload', async () => {
    const before = await node.processes();
    node.api.setWafRules(1, [
      rule(11, 'intercept', [
        cond('path', 'prefix', ['/admin']),
        cond('method', 'equals', ['post', 'put']),
        cond('ua', 'contains', ['curl']),
      ]),
    ]);
    const hit = { method: 'POST', path: '/admin/users', headers: { 'user-agent': 'curl/8.0' } };
    await becomes(hit, 403);
    expect(await visit({ ...hit, method: 'PUT', headers: { 'user-agent': 'CURL/7' } })).toBe(403);
    expect(await visit({ ...hit, method: 'GET' })).toBe(200);
    expect(await visit({ ...hit, path: '/public/admin' })).toBe(200);
    expect(await visit({ ...hit, headers: { 'user-agent': 'Mozilla/5.0' } })).toBe(200);
    expect(await node.processes()).toEqual(before);

    const event = await until(() => node.api.wafEvents.find((e) => e.ruleId === 11), 'the event', 40_000);
    expect(event).toMatchObject({
      siteId: 1,
      action: 'intercept',
      clientIp: '127.0.20.1',
      request: 'POST /admin/users HTTP/1.1',
    });
  });

  it('runs the actions: code and log-release stop, next and suspicious go on', async () => {
    node.api.setWafRules(1, [
      rule(21, 'next', [cond('path', 'prefix', ['/a'])]),
      rule(22, 'log-release', [cond('path', 'equals', ['/a/free'])]),
      rule(23, 'code', [cond('path', 'prefix', ['/a'])], { status: 451 }),
      rule(24, 'suspicious', [cond('header', 'equals', ['1'], 'x-probe')]),
      rule(25, 'intercept', [cond('query', 'contains', ['union select'])]),
    ]);
    await becomes({ path: '/a/x' }, 451);
    expect(await visit({ path: '/a/free' })).toBe(200);
    // Suspicious is logged and the next rules still run; the query is read decoded.
    expect(await visit({ path: '/q?id=1%20UNION%20SELECT%202', headers: { 'x-probe': '1' } })).toBe(403);
    expect(await visit({ path: '/q?id=1', headers: { 'x-probe': '1' } })).toBe(200);
    await until(
      () =>
        ['log-release', 'suspicious'].every((a) => node.api.wafEvents.some((e) => e.action === a))
          ? true
          : undefined,
      'the log-release and suspicious events',
      40_000,
    );
    expect(node.api.wafEvents.some((e) => e.ruleId === 21)).toBe(false);
  });

  it('answers every sample as the console’s test box says it will', async () => {
    const rules: WafEdgeRule[] = [
      rule(41, 'code', [cond('query', 'regex', ['union\\s+select'])], { status: 451 }),
      rule(42, 'intercept', [
        cond('header', 'contains', ['evil'], 'x-probe'),
        cond('method', 'equals', ['get'], '', true),
      ]),
      rule(43, 'code', [cond('cookie', 'equals', ['admin'], 'role'), cond('path', 'suffix', ['.php'])], {
        status: 418,
      }),
      rule(44, 'release', [cond('ip', 'in', ['127.0.30.0/24'])]),
      rule(45, 'intercept', [cond('path', 'prefix', ['/admin'])]),
    ];
    node.api.setWafRules(1, rules);
    const samples: Visit[] = [
      { path: '/q?id=1+UNION%20Select+2' },
      { path: '/q?id=1' },
      { method: 'POST', path: '/x', headers: { 'x-probe': 'so EVIL' } },
      { method: 'GET', path: '/x', headers: { 'x-probe': 'evil' } },
      { path: '/index.php', headers: { cookie: 'a=1; role=Admin' } },
      { path: '/index.html', headers: { cookie: 'role=admin' } },
      { from: '127.0.30.9', path: '/admin/x' },
      { path: '/public/../admin/x' },
      { path: '/%61dmin' },
      { path: '/administration' },
    ];
    await becomes(samples[0]!, 451);
    for (const sample of samples) {
      const { from = '127.0.20.1', method = 'GET', path = '/', headers = {} } = sample;
      const headerText = Object.entries({ 'user-agent': 'Mozilla/5.0', ...headers })
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n');
      const expected = evaluateWafRules(rules, wafSampleOf(method, path, headerText, from)).outcome;
      expect(await visit(sample), JSON.stringify(sample)).toBe(expected.status ?? 200);
    }
  });

  it('bans the address on this site for the rule’s time, and the node blacklist holds every path of the owner’s sites only', async () => {
    node.api.setWafRules(1, [
      rule(31, 'ban', [cond('path', 'prefix', ['/wp-login'])], { seconds: 2 }),
      rule(32, 'blacklist-node', [cond('ip', 'in', ['127.0.22.0/24'])], { seconds: 2 }),
    ]);
    await becomes({ from: '127.0.21.1', path: '/wp-login.php' }, 403);
    expect(await visit({ from: '127.0.21.1', path: '/anything' })).toBe(403);
    expect(await visit({ from: '127.0.21.1', path: '/anything', headers: { host: 'b.test' } })).toBe(200);
    expect(await visit({ from: '127.0.21.2', path: '/anything' })).toBe(200);
    expect(await visit({ from: '127.0.22.5', path: '/x' })).toBe(403);
    // The owner's other site refuses it too; another customer's site on this node does not.
    expect(await visit({ from: '127.0.22.5', path: '/x', headers: { host: 'b.test' } })).toBe(403);
    expect(await visit({ from: '127.0.22.5', path: '/x', headers: { host: 'c.test' } })).toBe(200);
    node.api.setWafRules(1, []);
    await becomes({ from: '127.0.21.1', path: '/anything' }, 200);
    await becomes({ from: '127.0.22.5', path: '/x' }, 200);
  });

  it('refuses an address the owner’s rule blacklisted on all nodes on that owner’s sites only, until released', async () => {
    node.api.block('127.0.23.7', 0, { owner: 1, site: null });
    await becomes({ from: '127.0.23.7', path: '/x' }, 403);
    expect(await visit({ from: '127.0.23.7', path: '/x', headers: { host: 'b.test' } })).toBe(403);
    expect(await visit({ from: '127.0.23.7', path: '/x', headers: { host: 'c.test' } })).toBe(200);
    expect(await visit({ from: '127.0.23.8', path: '/x' })).toBe(200);
    node.api.release('127.0.23.7', { owner: 1, site: null });
    await becomes({ from: '127.0.23.7', path: '/x' }, 200);
  });

  it('refuses a site’s ban from another node on that site only; a release lifts this node’s own ban too', async () => {
    node.api.setWafRules(1, [rule(33, 'ban', [cond('path', 'prefix', ['/wp-admin'])], { seconds: 600 })]);
    await becomes({ from: '127.0.24.1', path: '/wp-admin' }, 403);
    node.api.setWafRules(1, []);
    // Another node's ban of this site, as the console passes it on: this site only.
    const site1 = { owner: 1, site: 1 };
    node.api.block('127.0.24.2', 600, site1);
    await becomes({ from: '127.0.24.2', path: '/x' }, 403);
    expect(await visit({ from: '127.0.24.2', path: '/x', headers: { host: 'b.test' } })).toBe(200);
    expect(await visit({ from: '127.0.24.1', path: '/x' })).toBe(403);
    // This node's ban reached the console as an entry too; an admin releases both.
    node.api.block('127.0.24.1', 600, site1);
    node.api.release('127.0.24.1', site1);
    node.api.release('127.0.24.2', site1);
    await becomes({ from: '127.0.24.1', path: '/x' }, 200);
    await becomes({ from: '127.0.24.2', path: '/x' }, 200);
  });
});
