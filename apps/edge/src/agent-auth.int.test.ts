import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdgeNode, type EdgeNode } from '../test/edge-node';

/* What an operator sees when the agent is started wrong: clear words, and a node that stays up. */
let node: EdgeNode;

beforeAll(async () => {
  node = await startEdgeNode('127.0.0.23');
});
afterAll(() => node?.close());

describe('nimbus-edge started wrong', () => {
  it('says the token was refused, retries slowly, and still serves its own config', async () => {
    node.api.publish(node.siteFiles());
    const agent = node.launch('edge_wrong_token');
    await agent.waitForLine(/the console refused this node's token \(401\): check --token/);
    expect(await node.controlVersion()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(agent.lines.filter((l) => l.includes('(401)'))).toHaveLength(1);
    expect(node.api.bundleServed).toEqual([]);
    expect(node.api.heartbeats).toEqual([]);
    expect(agent.lines.join('\n')).not.toContain('edge_wrong_token');
  });

  it('names the missing argument and exits 2', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const env = { ...process.env, NIMBUS_EDGE_TOKEN: '', NIMBUS_EDGE_SERVER: '' };
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--server', 'http://127.0.0.1:9'], {
      env,
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--token is required (or set NIMBUS_EDGE_TOKEN)');
    expect(stderr).toContain('usage: nimbus-edge');
  });
});
