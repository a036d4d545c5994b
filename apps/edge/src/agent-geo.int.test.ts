import {
  evaluateWafRules,
  GEO_ENTRY_BYTES,
  geoLookup,
  geoTable,
  ipv4Number,
  regionEdgeValue,
  wafSampleOf,
  type WafEdgeRule,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusFrom, until, type Visit } from '../test/agent-process';
import { startEdgeNode, type EdgeNode } from '../test/edge-node';
import { layoutOf } from './config';
import { loadedGeoEntries } from './geo';

/*
 * Region allow/deny, the WAF country target and the maximum header size on a real nginx (issue
 * 20 §2). Visitors come from loopback addresses, which have no country in the real table: the
 * (fake) console serves a table made by the production builder from ranges this test chooses,
 * the agent downloads it before nginx starts, and nimbus.geo loads it as on any node. The
 * server block's lines are the compiler's: the same contract function writes the value.
 */
const ADDRESS = '127.0.0.92';
const US = '127.0.90.1';
const CA = '127.0.90.2';
const CN = '127.0.90.3';
const NOWHERE = '127.0.91.1';
let node: EdgeNode;

const visit = (what: Visit) => statusFrom(ADDRESS, node.sitePort, { path: '/', ...what });
const one = (address: string, country: string) => ({
  start: ipv4Number(address)!,
  end: ipv4Number(address)!,
  country,
});
const table = Buffer.from(geoTable([one(US, 'US'), one(CA, 'CA'), one(CN, 'CN')]).table);

/** Publishes the site with these server-level lines and waits until it serves them. */
async function serve(lines: string[]) {
  const version = node.api.publish(node.siteFiles(lines.join('\n  ')));
  await node.reported(version, 'applied');
  await until(async () => ((await node.served()) === `v${version}` ? true : undefined), `v${version} served`);
}
const region = (regionMode: 'allow' | 'deny', countries: string[], regionAllowUnknown = false) =>
  `set $nimbus_geo "${regionEdgeValue({ regionMode, countries, regionAllowUnknown })}";`;

beforeAll(async () => {
  node = await startEdgeNode(ADDRESS);
  node.api.geoTable = table;
  node.launch();
  await serve([]);
});
afterAll(() => node?.close());

describe('countries on a managed nginx', () => {
  it('loads the table the console served before nginx started, and the node is healthy', async () => {
    const layout = layoutOf({ dataDir: node.dataDir, mode: 'managed' });
    expect(await loadedGeoEntries(node.controlPort, layout)).toBe(table.length / GEO_ENTRY_BYTES);
    const beat = await until(async () => node.api.heartbeats.at(-1), 'a heartbeat');
    expect(beat.degraded).toBeNull();
  });

  it('a deny list refuses the listed countries, whatever the method, and lets others and the unknown in', async () => {
    await serve([region('deny', ['US', 'CN'])]);
    expect(await visit({ from: US })).toBe(403);
    expect(await visit({ from: US, method: 'HEAD', path: '//a/../b?x=1&x=2' })).toBe(403);
    expect(await visit({ from: CN, method: 'POST' })).toBe(403);
    expect(await visit({ from: CA })).toBe(200);
    expect(await visit({ from: NOWHERE })).toBe(200);
  });

  it('a refusal stays a refusal when the site rewrites 403 to its origin’s answer', async () => {
    await serve([
      region('deny', ['US']),
      'proxy_intercept_errors on;',
      'error_page 403 =200 @status;',
      `location @status { proxy_pass http://127.0.0.1:${node.origin.port}; }`,
    ]);
    expect(await visit({ from: US })).toBe(403);
    expect(await visit({ from: CA })).toBe(200);
  });

  it('an allow list lets in only the listed countries; the unknown only when the site says so', async () => {
    await serve([region('allow', ['CA', 'CN'])]);
    expect(await visit({ from: CA })).toBe(200);
    expect(await visit({ from: CN })).toBe(200);
    expect(await visit({ from: US })).toBe(403);
    expect(await visit({ from: NOWHERE })).toBe(403);
    await serve([region('allow', ['CA'], true)]);
    expect(await visit({ from: NOWHERE })).toBe(200);
    expect(await visit({ from: US })).toBe(403);
  });

  it('a WAF country rule blocks by the same table, as the console’s test box says', async () => {
    await serve([]);
    const rules: WafEdgeRule[] = [
      {
        id: 61,
        action: 'code',
        status: 451,
        seconds: 0,
        conditions: [{ target: 'country', name: '', operator: 'in', negate: false, values: ['us', 'cn'] }],
      },
      {
        id: 62,
        action: 'intercept',
        status: 403,
        seconds: 0,
        conditions: [
          { target: 'path', name: '', operator: 'prefix', negate: false, values: ['/admin'] },
          { target: 'country', name: '', operator: 'equals', negate: true, values: ['ca'] },
        ],
      },
    ];
    node.api.setWafRules(1, rules);
    await until(async () => ((await visit({ from: US })) === 451 ? true : undefined), 'the rule applied');
    for (const from of [US, CA, CN, NOWHERE])
      for (const path of ['/', '/admin/x']) {
        const sample = wafSampleOf('GET', path, 'user-agent: Mozilla/5.0', from);
        const expected = evaluateWafRules(rules, {
          ...sample,
          country: geoLookup(table, from) ?? '',
        }).outcome;
        expect(await visit({ from, path }), `${from} ${path}`).toBe(expected.status ?? 200);
      }
    expect(await visit({ from: CA, path: '/admin/x' })).toBe(200);
    expect(await visit({ from: NOWHERE, path: '/admin/x' })).toBe(403);
    node.api.setWafRules(1, []);
    await until(async () => ((await visit({ from: US })) === 200 ? true : undefined), 'the rules gone');
  });

  it('refuses a header block over the site’s size with 431 and serves one under it', async () => {
    await serve(['set $nimbus_max_header 2048;']);
    expect(await visit({ from: CA, headers: { 'x-pad': 'a'.repeat(1500) } })).toBe(200);
    expect(await visit({ from: CA, headers: { 'x-pad': 'a'.repeat(2100) } })).toBe(431);
    // Spread over many headers, or sent with HEAD, it is the same block.
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`x-p${i}`, 'b'.repeat(80)]));
    expect(await visit({ from: CA, method: 'HEAD', headers: many })).toBe(431);
    await serve([]);
    expect(await visit({ from: CA, headers: { 'x-pad': 'a'.repeat(2100) } })).toBe(200);
  });
});
