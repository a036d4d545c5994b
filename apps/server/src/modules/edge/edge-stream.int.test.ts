import net from 'node:net';
import type { EdgeNodeSaved, StreamRule } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually, freePort, startAgent, stopAgent, type Agent } from '../../../test/support/edge-fleet';

/** A layer-4 rule saved through the API forwards TCP through a real edge's nginx `stream {}`. */
const ADDRESS = '127.0.0.59';
let server: TestServer;
let customer: string;
let agent: Agent;
let echo: net.Server;
let echoPort: number;

function roundTrip(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // write, not end: nginx closes a stream session once the client half-closes (proxy_half_close off).
    const socket = net.connect({ host: ADDRESS, port }, () => socket.write(text));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(3000, () => socket.destroy(new Error('timeout')));
  });
}

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins();
  const admin = await server.login('admin');
  customer = await server.login('customer');
  echo = net.createServer((socket) => socket.on('data', (d) => socket.end(`echo:${d.toString()}`)));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoPort = (echo.address() as net.AddressInfo).port;
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'S', isDefault: true },
  });
  const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: { name: 'stream-1', ipv4: '198.51.100.59', listenAddress: ADDRESS, groupId: group.body.data!.id },
  });
  agent = await startAgent(server, saved.body.data!, ADDRESS);
}, 60_000);

afterAll(async () => {
  await stopAgent(agent);
  await new Promise((resolve) => echo?.close(resolve));
  await server?.close();
});

describe('layer-4 forwarding on the edge', () => {
  it('forwards TCP to the rule’s origin once applied, and stops when disabled', async () => {
    const port = await freePort();
    const saved = await server.call<StreamRule>('POST', 'app/stream/save', {
      token: customer,
      body: {
        name: 'echo',
        protocol: 'tcp',
        listenPort: port,
        origins: [{ address: '127.0.0.1', port: echoPort }],
      },
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const id = saved.body.data!.id;
    const state = async () => {
      const list = await server.call<{ list: StreamRule[] }>('POST', 'app/stream/list', {
        token: customer,
        body: {},
      });
      return list.body.data!.list.find((r) => r.id === id)!.config;
    };
    await eventually(async () => (await state()).applied === 1, 20_000, 'rule applied');
    expect(await roundTrip(port, 'hello')).toBe('echo:hello');

    await server.call('POST', 'app/stream/status', {
      token: customer,
      body: { ids: [id], action: 'disable' },
    });
    await eventually(async () => (await state()).applied === 1, 20_000, 'disable applied');
    await expect(roundTrip(port, 'again')).rejects.toThrow();
  });
});
