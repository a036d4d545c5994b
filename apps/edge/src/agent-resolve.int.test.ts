import fs from 'node:fs/promises';
import path from 'node:path';
import { EDGE_MANIFEST_FILE, type EdgeBundleFile, type EdgeManifest } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteGet, until } from '../test/agent-process';
import { startTestDns, type TestDns } from '../test/dns-server';
import { startEdgeNode, type EdgeNode } from '../test/edge-node';

/*
 * Origin host names on a real node (ADR 0030): the agent resolves them through its --resolver
 * (a test DNS server the test rewrites), keeps only answers the bundle's allow-list permits, and
 * resolves them again while serving. nginx itself never sees a name. In order, on one node.
 */
const ADDRESS = '127.0.0.26';
let node: EdgeNode;
let dns: TestDns;

/** Three sites on the node's port: one by a name, one by a name that does not resolve, one by IP. */
const ORIGINS: Record<number, { host: string; origin: string }> = {
  1: { host: 'named.test', origin: 'origin.test' },
  2: { host: 'gone.test', origin: 'gone.test' },
  3: { host: 'literal.test', origin: '127.0.0.1' },
};

function bundle(allowRanges: string[]): (version: number) => EdgeBundleFile[] {
  const ids = Object.keys(ORIGINS).map(Number);
  const manifest: EdgeManifest = {
    items: ids.map((id) => ({
      kind: 'site',
      id,
      file: `sites/${id}.conf`,
      uses: [`upstreams/site_${id}_http.conf`],
      ports: [node.sitePort],
    })),
    upstreams: ids.map((id) => ({
      file: `upstreams/site_${id}_http.conf`,
      servers: [{ address: ORIGINS[id]!.origin, port: node.origin.port, weight: 1, backup: false }],
    })),
    allowRanges,
  };
  return () => [
    { path: 'http.conf', content: ids.map((id) => `include __BUNDLE_DIR__/sites/${id}.conf;\n`).join('') },
    ...ids.map((id) => ({
      path: `sites/${id}.conf`,
      content: `upstream site_${id}_http { include __BUNDLE_DIR__/upstreams/site_${id}_http.conf; }
server {
  listen ${ADDRESS}:${node.sitePort};
  server_name ${ORIGINS[id]!.host};
  location / { proxy_pass http://site_${id}_http; }
}
`,
    })),
    { path: 'stream.conf', content: '' },
    { path: EDGE_MANIFEST_FILE, content: JSON.stringify(manifest) },
  ];
}

const status = async (id: number) => (await siteGet(ADDRESS, node.sitePort, ORIGINS[id]!.host, '/x')).status;
const statuses = async () => [await status(1), await status(2), await status(3)];

beforeAll(async () => {
  dns = await startTestDns('127.0.0.27');
  // The name leads to the node's own loopback, as a customer's DNS can make it at any time.
  dns.records.set('origin.test', ['127.0.0.1']);
  node = await startEdgeNode(ADDRESS);
  node.launch(undefined, ['--resolver', dns.address, '--resolve-interval', '5']);
  await node.agent.waitForLine(/serving v0/);
});
afterAll(async () => {
  await node?.close();
  await dns?.close();
});

describe('origin host names resolved by the agent', () => {
  it('applies a version whose origin name does not resolve, and uses no refused answer', async () => {
    const v1 = node.api.publish(bundle([]));
    const applied = await node.reported(v1, 'applied');
    expect(applied.error).toBe('');
    // Loopback, by name or by address, is not used without the allow-list: 502, no origin hit.
    expect(await statuses()).toEqual([502, 502, 502]);
    expect(node.origin.hits()).toBe(0);
    const written = await fs.readFile(
      path.join(node.dataDir, 'versions/v1/upstreams/site_1_http.conf'),
      'utf8',
    );
    expect(written).toContain('# origin.test: 127.0.0.1 not used (loopback)');
  });

  it('uses the answers the allow-list permits; the name that does not resolve answers 502', async () => {
    const v2 = node.api.publish(bundle(['127.0.0.0/8']));
    await node.reported(v2, 'applied');
    expect(await statuses()).toEqual([200, 502, 200]);
  });

  it('resolves again while serving, and reloads when an answer changed', async () => {
    dns.records.set('gone.test', ['127.0.0.1']);
    // The metadata address stays refused whatever the allow-list says of loopback.
    dns.records.set('origin.test', ['169.254.169.254']);
    await node.agent.waitForLine(/origin addresses changed: reloading v2/);
    await until(async () => (await statuses()).join() === '502,200,200', 'the new answers served');
  });
});
