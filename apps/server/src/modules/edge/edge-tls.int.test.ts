import type { Certificate, EdgeNodeSaved, Site } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
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
import { startPebble, type Pebble } from '../../../test/support/pebble';

/** HTTPS on a real edge: an uploaded certificate by SNI, HTTP→HTTPS, and ACME against pebble. */
const ADDRESS = '127.0.0.57';
let server: TestServer;
let customer: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let agent: Agent;
let pebble: Pebble;
let httpPort: number;
let httpsPort: number;
const uploaded = makeCertificate(['www.tls.test']);

async function applied(id: number) {
  await eventually(
    async () => {
      const info = await server.call<Site>('GET', 'app/site/domain/info', { token: customer, query: { id } });
      return info.body.data!.config.applied === 1;
    },
    20_000,
    `site ${id} applied`,
  );
}

async function createSite(domain: string, extra: object = {}) {
  const answer = await server.call<Site>('POST', 'app/site/domain/create', {
    token: customer,
    body: {
      domain,
      origins: [{ address: '127.0.0.1', httpPort: origin.port }],
      httpPorts: [httpPort],
      httpsPorts: [httpsPort],
      ...extra,
    },
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
  await applied(answer.body.data!.id);
  return answer.body.data!;
}

beforeAll(async () => {
  httpPort = await freePort();
  httpsPort = await freePort();
  pebble = await startPebble(ADDRESS, httpPort);
  server = await startTestServer({ env: { NIMBUS_ACME_CA_FILE: pebble.caFile } });
  await server.allowOrigins();
  const admin = await server.login('admin');
  customer = await server.login('customer');
  origin = await startOrigin('tls-origin');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'T', isDefault: true },
  });
  const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: { name: 'tls-1', ipv4: '198.51.100.57', listenAddress: ADDRESS, groupId: group.body.data!.id },
  });
  agent = await startAgent(server, saved.body.data!, ADDRESS);
  const acme = await server.call('POST', 'sys/certificate/acme/save', {
    token: admin,
    body: { directoryUrl: pebble.directoryUrl, email: '' },
  });
  expect(acme.body.code).toBe(1);
}, 60_000);

afterAll(async () => {
  await stopAgent(agent);
  await pebble?.stop();
  await origin?.close();
  await server?.close();
});

describe('HTTPS on the edge', () => {
  it('serves an uploaded certificate by SNI and redirects HTTP to HTTPS', async () => {
    const cert = await server.call<Certificate>('POST', 'app/site/certificate/upload', {
      token: customer,
      body: { certPem: uploaded.certPem, keyPem: uploaded.keyPem },
    });
    await createSite('www.tls.test', {
      httpsEnabled: true,
      certificateId: cert.body.data!.id,
      forceHttps: true,
    });
    const secure = await fetchEdge(`https://www.tls.test:${httpsPort}/page`, ADDRESS, { ca: uploaded.caPem });
    expect(secure).toMatchObject({
      status: 200,
      peerCn: 'www.tls.test',
      body: expect.stringMatching(/^tls-origin \/page/),
    });
    const plain = await fetchEdge(`http://www.tls.test:${httpPort}/page`, ADDRESS);
    expect(plain.status).toBe(301);
  });

  it('refuses a TLS handshake for a name no site serves', async () => {
    await expect(
      fetchEdge(`https://unknown.tls.test:${httpsPort}/`, ADDRESS, { ca: uploaded.caPem }),
    ).rejects.toThrow();
  });

  it('issues a certificate over ACME (HTTP-01 answered by the edge) and serves it', async () => {
    const site = await createSite('shop.tls.test');
    const applying = await server.call<Certificate>('POST', 'app/site/certificate/apply', {
      token: customer,
      body: { domains: ['shop.tls.test'] },
    });
    expect(applying.body.data).toMatchObject({ status: 'applying', source: 'acme' });
    const issued = await eventually(
      async () => {
        const info = await server.call<Certificate>('GET', 'app/site/certificate/info', {
          token: customer,
          query: { id: applying.body.data!.id },
        });
        const c = info.body.data!;
        if (c.status === 'failed') throw new Error(`ACME failed: ${c.failReason}`);
        return c.status === 'succeeded' && c;
      },
      60_000,
      'ACME issuance',
    );
    expect(issued.domains).toEqual(['shop.tls.test']);
    expect(issued.issuer).toMatch(/Pebble/);

    await server.call('POST', 'app/site/domain/update', {
      token: customer,
      body: {
        id: site.id,
        origins: [{ address: '127.0.0.1', httpPort: origin.port }],
        httpPorts: [httpPort],
        httpsPorts: [httpsPort],
        httpsEnabled: true,
        certificateId: issued.id,
      },
    });
    await applied(site.id);
    const secure = await fetchEdge(`https://shop.tls.test:${httpsPort}/`, ADDRESS);
    expect(secure).toMatchObject({ status: 200, peerCn: 'shop.tls.test' });
  });

  it('shows the CA’s reason when an order fails', async () => {
    // No site answers for this name on the edge: validation must fail, and say why.
    const site = await createSite('gone.tls.test');
    await server.call('POST', 'app/site/domain/status', {
      token: customer,
      body: { ids: [site.id], action: 'disable' },
    });
    const refused = await server.call('POST', 'app/site/certificate/apply', {
      token: customer,
      lang: 'en',
      body: { domains: ['gone.tls.test'] },
    });
    expect(refused.body.msg).toBe('The domain gone.tls.test is not one of your enabled sites');
  });
});
