import type { EdgeGroup, Page, Site, StreamRule } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

/*
 * A customer cannot listen on a port the nodes use themselves (issue 17 §2): a forwarding rule
 * on the node's PostgreSQL port took it from the database, or failed the reload of the whole
 * group when the database held it. Refused before anything is published.
 */
let server: TestServer;
let admin: string;
let customer: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins(['10.0.0.0/8']);
  admin = await server.login('admin');
  customer = await server.login('customer');
});
afterAll(() => server.close());

describe('reserved ports of a node group', () => {
  it('are kept with the group and refused to forwarding rules and sites, naming the port', async () => {
    const saved = await server.call<EdgeGroup>('POST', 'sys/edge/group/save', {
      token: admin,
      body: { name: 'R', isDefault: true, reservedPorts: [5432, '22', 5432] },
    });
    expect(saved.body.data).toMatchObject({ reservedPorts: [22, 5432] });
    const groups = await server.call<Page<EdgeGroup>>('POST', 'sys/edge/group/list', {
      token: admin,
      body: {},
    });
    expect(groups.body.data!.list[0]!.reservedPorts).toEqual([22, 5432]);

    const rule = (listenPort: number, lang: 'cn' | 'en' = 'en') =>
      server.call<StreamRule>('POST', 'app/stream/save', {
        token: customer,
        lang,
        body: {
          name: `p${listenPort}`,
          protocol: 'tcp',
          listenPort,
          origins: [{ address: '10.0.0.5', port: 22 }],
        },
      });
    const byNode = (port: number) =>
      `Listening port ${port} is reserved for the nodes’ own services: choose another port`;
    // The group's own list, the agent's control port, the console's own port.
    for (const port of [5432, 8089, server.config.port])
      expect((await rule(port)).body, String(port)).toMatchObject({ code: 409, msg: byNode(port) });
    expect((await rule(22, 'cn')).body.msg).toBe('监听端口 22 是节点自身使用的保留端口，请换一个端口');
    expect((await rule(15432)).body.code).toBe(1);

    const site = await server.call<Site>('POST', 'app/site/domain/create', {
      token: customer,
      lang: 'en',
      body: { domain: 'www.reserved.test', origins: [{ address: '10.0.0.5' }], httpPorts: [80, 5432] },
    });
    expect(site.body).toMatchObject({
      code: 409,
      msg: 'Port 5432 is reserved for the nodes’ own services: choose another port',
    });
  });
});
