import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test/agent-process';
import { startEdgeNode, type EdgeNode } from '../test/edge-node';
import { freePort } from '../test/ports';

/*
 * The real agent and its real nginx shipping streams.log (one line per layer-4 session of a
 * rule) to a fake console that stores each batch id once: a TCP session through a rule arrives as
 * one line with the rule id and its byte counts, and a kill -9 of the agent while sessions keep
 * ending loses and doubles none of them. The tests run in order.
 */
let node: EdgeNode;
let upstream: net.Server;
let rulePort: number;
const ADDRESS = '127.0.0.126';
/** The client's own address, so the line's `ip` is known. */
const CLIENT = '127.0.0.127';
const RULE = 7;

type Line = Record<string, string>;
const received = (): Line[] => [...node.api.streamBatches.values()].flat().map((l) => JSON.parse(l) as Line);

/**
 * The upstream: reads the first line `<reply> <total>` and the rest of `total` bytes, then
 * answers `reply` bytes and closes, so both directions' sizes are the test's choice.
 */
async function startUpstream(): Promise<net.Server> {
  const server = net.createServer((socket) => {
    let got = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const newline = got.indexOf(0x0a);
      if (newline < 0) return;
      const [reply, total] = got.subarray(0, newline).toString().split(' ').map(Number);
      if (got.length === total) socket.end(Buffer.alloc(reply!, 'r'));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** One session through the rule: sends `sent` bytes, answers how many came back before the close. */
function session(sent: number, reply: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const head = `${reply} ${sent}\n`;
    const socket = net.connect({ host: ADDRESS, port: rulePort, localAddress: CLIENT }, () =>
      socket.write(Buffer.concat([Buffer.from(head), Buffer.alloc(sent - head.length, 's')])),
    );
    let back = 0;
    socket.on('data', (chunk: Buffer) => (back += chunk.length));
    socket.on('end', () => {
      socket.end();
      resolve(back);
    });
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  upstream = await startUpstream();
  node = await startEdgeNode(ADDRESS);
  rulePort = await freePort(ADDRESS);
  const upstreamPort = (upstream.address() as AddressInfo).port;
  node.launch();
  // What the console's compiler writes for a rule (stream.ts), the upstream inline.
  const v1 = node.api.publish((version) => [
    ...node
      .siteFiles()(version)
      .filter((f) => f.path !== 'stream.conf'),
    {
      path: 'stream.conf',
      content: `server {\n  listen ${ADDRESS}:${rulePort};\n  set $nimbus_stream ${RULE};\n  proxy_pass 127.0.0.1:${upstreamPort};\n}\n`,
    },
  ]);
  await node.reported(v1, 'applied');
});
afterAll(async () => {
  await node?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('nimbus-edge shipping the layer-4 session log', () => {
  it('ships one line per session with the rule id and the bytes each way', async () => {
    expect(await session(5000, 12_345)).toBe(12_345);
    await until(() => received().length >= 1, 'the session line');
    // Batches close by age: a few seconds more bring no second line.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(received()).toHaveLength(1);
    expect(received()[0]).toMatchObject({
      rule: String(RULE),
      ip: CLIENT,
      proto: 'TCP',
      status: '200',
      in: '5000',
      out: '12345',
      uout: '5000',
      uin: '12345',
      up: `127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    });
    expect(Number(received()[0]!.st)).toBeGreaterThanOrEqual(0);
    expect(Math.abs(Number(received()[0]!.time) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(node.api.streamPosts.every((p) => p.dropped === 0)).toBe(true);
  });

  it('after kill -9 of the agent mid-stream and a restart, every session counts once', async () => {
    const victim = node.agent;
    node.api.afterStreamBatch = (id) => {
      // Right after the console stored the first batch of these, before the agent can take it
      // out of its spool: the restarted agent sends it again.
      if (node.api.streamBatches.get(id)!.some((l) => Number((JSON.parse(l) as Line).in) > 10_000))
        victim.child.kill('SIGKILL');
    };
    // Each session sends its own size, so a line names its session.
    const sizes = Array.from({ length: 150 }, (_, i) => 10_001 + i);
    const traffic = (async () => {
      for (const size of sizes) {
        expect(await session(size, 100)).toBe(100);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await victim.exited;
    node.api.afterStreamBatch = undefined;
    const posted = node.api.streamPosts.length;
    node.launch();
    await traffic;
    const ours = () => received().filter((l) => Number(l.in) > 10_000);
    await until(() => ours().length >= sizes.length, `${sizes.length} session lines`, 45_000);
    expect(
      ours()
        .map((l) => Number(l.in))
        .sort((a, b) => a - b),
    ).toEqual(sizes);
    expect(ours().every((l) => l.rule === String(RULE) && l.out === '100' && l.uin === '100')).toBe(true);
    // Whether the killed agent had removed that batch or not, it is counted once.
    const again = node.api.streamPosts
      .slice(posted)
      .filter((p) => p.id === node.api.streamPosts[posted - 1]!.id);
    expect(again.length).toBeLessThanOrEqual(1);
    expect(received()).toHaveLength(1 + sizes.length);
  });
});
