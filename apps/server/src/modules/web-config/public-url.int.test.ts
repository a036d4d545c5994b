import http from 'node:http';
import { PAYMENT_GATEWAYS, type EdgeNodeSaved, type PaymentHandoff } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startFakeEasypay } from '../../integrations/payment/easypay/testing/fake-easypay';
import { configRepository } from '../config/config.repository';
import { paymentKit } from '../payment/testing/payment-kit';

const MERCHANT = { pid: '1001', key: 'easypay-merchant-key' };
const PUBLIC = 'https://console.example.test';
/** The Host header that made easy-pay's signed hand-off parse as a "paid" notification. */
const HOSTILE_HOST = 'h&trade_no=X&trade_status=TRADE_SUCCESS&trade_x=';

/** A request with a Host header of the caller's choosing (fetch does not let a test set it). */
function requestWithHost(
  server: TestServer,
  method: string,
  path: string,
  host: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; text: string }> {
  const target = new URL(`/api/${path}`, server.baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        headers: {
          host,
          'x-forwarded-host': host,
          lang: 'en',
          ...(options.token ? { token: options.token } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('URLs the console hands out come from the public console URL (issue 17 §1)', () => {
  let server: TestServer;
  let fake: Awaited<ReturnType<typeof startFakeEasypay>>;
  const kit = paymentKit(() => server);
  const easypay = () => ({ endpoint: fake.base, pid: MERCHANT.pid, key: MERCHANT.key });

  beforeAll(async () => {
    [server, fake] = await Promise.all([startTestServer({ publicUrl: false }), startFakeEasypay(MERCHANT)]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), fake?.close()]);
  });

  it('until it is set, gateways cannot be switched on and nothing is built from the Host header', async () => {
    const admin = await server.login('admin');
    const refused = await kit.saveConfig('easypay', easypay(), 1, admin);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('The public console URL is not set');

    // Saved switched off, then switched on by the status toggle: refused the same way.
    await kit.configure('easypay', easypay(), 0);
    const row = await configRepository(server.database.db).byKey(PAYMENT_GATEWAYS.easypay.configKey);
    const toggled = await kit.call('GET', `sys/config/update/status/${row!.id}`, { token: admin });
    expect(toggled.body.code).toBe(400);
    expect((await configRepository(server.database.db).byKey(row!.paramKey))!.status).toBe(0);

    const script = await requestWithHost(server, 'GET', 'edge/v1/install.sh', 'attacker.example');
    expect(script.status).toBe(503);
    expect(script.text).not.toContain('attacker.example');

    const group = await kit.call<{ id: number }>('POST', 'sys/edge/group/save', {
      token: admin,
      body: { name: 'U', isDefault: true },
    });
    const node = await kit.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'u-1', ipv4: '198.51.100.7', groupId: group.body.data!.id },
    });
    expect(node.body.data).toMatchObject({ token: expect.stringMatching(/^edge_/) });
    expect(node.body.data!.installCommand).toBeUndefined();
  });

  it('once set, a hostile Host header reaches no signed hand-off, install script or command', async () => {
    const admin = await server.login('admin');
    const badUrl = await kit.call('POST', 'sys/config/web/save', {
      token: admin,
      body: { section: 'basic', value: { ...(await basic()), consoleUrl: `${PUBLIC}/path?x=1` } },
    });
    expect(badUrl.body.msg).toBe(
      'Public console URL must be http(s)://host[:port], with no path, query or user name',
    );
    const saved = await kit.call('POST', 'sys/config/web/save', {
      token: admin,
      body: { section: 'basic', value: { ...(await basic()), consoleUrl: `${PUBLIC}/` } },
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    await kit.configure('easypay', easypay(), 1);

    const alice = await kit.customer('host-alice');
    const answer = await requestWithHost(server, 'POST', 'app/finance/recharge', HOSTILE_HOST, {
      token: alice.token,
      body: { amount: 10, gateway: 'easypay' },
    });
    const handoff = (JSON.parse(answer.text) as { data: PaymentHandoff }).data;
    expect(handoff.action.kind).toBe('redirect');
    if (handoff.action.kind === 'redirect') await fake.visit(handoff.action.url);
    const signed = fake.submitted.get(handoff.outTradeNo)!;
    expect(signed.notify_url).toBe(`${PUBLIC}/api/payment/notify/easypay`);
    expect(signed.return_url!.startsWith(`${PUBLIC}/payment/handoff/`)).toBe(true);
    expect(JSON.stringify(signed)).not.toContain('TRADE_SUCCESS');

    const script = await requestWithHost(server, 'GET', 'edge/v1/install.sh', 'attacker.example');
    expect(script.text).toContain(`SERVER='${PUBLIC}'`);
    expect(script.text).not.toContain('attacker.example');
    const probe = await requestWithHost(server, 'GET', 'sys/cdnsys/auth/check/key/show', 'attacker.example', {
      token: admin,
    });
    expect(JSON.parse(probe.text)).toMatchObject({ importUrl: `${PUBLIC}/api/edge/v1/probe/nodes` });
  });

  async function basic() {
    const config = await kit.call<{ basic: Record<string, unknown> }>('GET', 'app/common/web/config');
    return config.body.data!.basic;
  }
});

describe('NIMBUS_PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { NIMBUS_PUBLIC_URL: 'https://edge-console.example.test/' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('overrides the web config field and is what the consoles are shown', async () => {
    const config = await server.call<{ basic: { consoleUrl: string } }>('GET', 'app/common/web/config');
    expect(config.body.data!.basic.consoleUrl).toBe('https://edge-console.example.test');
  });
});
