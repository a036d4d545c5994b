import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Certificate, EdgeNodeSaved, Order, Product, Site } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  eventually,
  freePort,
  startAgent,
  startOrigin,
  stopAgent,
  type Agent,
} from '../../../test/support/edge-fleet';
import { startPebble, type Pebble } from '../../../test/support/pebble';
import { hashPassword } from '../../platform/auth/secrets';
import { addJob } from '../../platform/jobs/jobs';
import { customers } from '../account/account.schema';
import { acmeService } from './acme.service';
import { sendExpiryNotices } from './expiry-notices';
import { certificates } from './certificate.schema';

/*
 * Issue 22 §4: certificate products sold as orders. A paid product names its own CA, here a
 * pebble that registers only accounts bound by EAB (kid-1 and its HMAC key); a free product is
 * issued by the platform's CA, a second pebble. Both validate HTTP-01 on one real edge.
 */
const ADDRESS = '127.0.0.121';
const KID = 'kid-1';
const HMAC = 'zWNDZM6eQGHWpSRTPal5eIUYFTu7EajVIoguysqZ9wG44nMEtx3MUAsUDkMTQ12W';
const WRONG_HMAC = 'b10lLJs8l1GPIzsLP0s6pMt8O0XVGnfTaCeROxQM0BIt2XrJMDHJZBM5NuQmQJQH';
const PRICE = 9_900;

let server: TestServer;
let admin: string;
let customer: string;
let customerId: number;
let other: string;
let paidCa: Pebble;
let platformCa: Pebble;
let agent: Agent;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let httpPort: number;
let bundleDir: string;

const call = <T>(method: string, p: string, token: string, body?: object, lang: 'en' | 'cn' = 'en') =>
  server.call<T>(method, p, {
    token,
    lang,
    ...(method === 'GET' ? { query: body as Record<string, string | number> } : { body }),
  });

async function product(body: object) {
  return call<Product>('POST', 'sys/product/save', admin, {
    kind: 'ssl',
    billingMode: 1,
    onSale: true,
    attrs: {},
    prices: [{ unit: 'm', cents: PRICE }],
    ...body,
  });
}

const paidTerms = (hmac: string) => ({
  ca: 'paid',
  directoryUrl: paidCa.directoryUrl,
  eabKid: KID,
  eabHmacKey: hmac,
  maxDomains: 2,
});

async function site(domain: string) {
  const answer = await call<Site>('POST', 'app/site/domain/create', customer, {
    domain,
    origins: [{ address: '127.0.0.1', httpPort: origin.port }],
    httpPorts: [httpPort],
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
  await eventually(
    async () =>
      (await call<Site>('GET', 'app/site/domain/info', customer, { id: answer.body.data!.id })).body.data!
        .config.applied === 1,
    20_000,
    `${domain} applied`,
  );
}

async function buyAndPay(productId: number, domains: string[]): Promise<Order> {
  const order = await call<Order>('POST', 'app/site/certificate/buy', customer, {
    productId,
    cycle: 'm',
    domains,
  });
  expect(order.body.code, order.body.msg).toBe(1);
  const paid = await call<Order>('POST', 'app/finance/order/pay', customer, {
    serialNumber: order.body.data!.serialNumber,
  });
  expect(paid.body.code, paid.body.msg).toBe(1);
  return paid.body.data!;
}

/** The customer's certificate for `domain`, once its issuance has ended. */
async function settled(domain: string): Promise<Certificate> {
  return eventually(
    async () => {
      const list = await call<{ list: Certificate[] }>('POST', 'app/site/certificate/list', customer, {
        keyword: domain,
      });
      const cert = list.body.data!.list[0];
      return cert && cert.status !== 'applying' && cert;
    },
    60_000,
    `the certificate of ${domain}`,
  );
}

beforeAll(async () => {
  httpPort = await freePort();
  paidCa = await startPebble(ADDRESS, httpPort, { [KID]: HMAC, 'kid-2': HMAC });
  platformCa = await startPebble(ADDRESS, httpPort);
  // One trust file for both CAs' HTTPS (the server trusts one NIMBUS_ACME_CA_FILE).
  bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-ssl-order-'));
  const bundle = path.join(bundleDir, 'ca.pem');
  fs.writeFileSync(
    bundle,
    fs.readFileSync(paidCa.caFile, 'utf8') + fs.readFileSync(platformCa.caFile, 'utf8'),
  );
  server = await startTestServer({ env: { NIMBUS_ACME_CA_FILE: bundle } });
  await server.allowOrigins();
  admin = await server.login('admin');
  customer = await server.login('customer');
  const [demo] = await server.database.db.select().from(customers).where(eq(customers.username, 'demo'));
  customerId = demo!.id;
  await server.database.db
    .insert(customers)
    .values({ username: 'ssl-other', passwordHash: await hashPassword('other-pass-1') });
  other = await server.login('customer', { username: 'ssl-other', password: 'other-pass-1' });
  origin = await startOrigin('ssl-origin');
  const group = await call<{ id: number }>('POST', 'sys/edge/group/save', admin, {
    name: 'S',
    isDefault: true,
  });
  const saved = await call<EdgeNodeSaved>('POST', 'sys/edge/node/save', admin, {
    name: 'ssl-1',
    ipv4: '198.51.100.121',
    listenAddress: ADDRESS,
    groupId: group.body.data!.id,
  });
  agent = await startAgent(server, saved.body.data!, ADDRESS);
  const acme = await call('POST', 'sys/certificate/acme/save', admin, {
    directoryUrl: platformCa.directoryUrl,
    email: '',
  });
  expect(acme.body.code).toBe(1);
  const credit = await call('POST', 'sys/finance/recharge', admin, {
    userId: customerId,
    direction: 'credit',
    amount: 100_000,
    note: 'test money',
  });
  expect(credit.body.code, credit.body.msg).toBe(1);
  for (const domain of ['paid.ssl.test', 'bad.ssl.test', 'free.ssl.test']) await site(domain);
}, 90_000);

afterAll(async () => {
  await stopAgent(agent);
  await paidCa?.stop();
  await platformCa?.stop();
  await origin?.close();
  await server?.close();
  if (bundleDir) fs.rmSync(bundleDir, { recursive: true, force: true });
});

const balance = async () => {
  const [row] = await server.database.db.select().from(customers).where(eq(customers.id, customerId));
  return row!.propertyBalance;
};

describe('certificate products', () => {
  it('refuses a paid product without its CA terms, naming the field in both languages', async () => {
    const en = await product({ name: 'No CA', ssl: { ca: 'paid', maxDomains: 1, eabHmacKey: HMAC } });
    expect(en.body.code).toBe(400);
    expect(en.body.msg).toBe('ACME directory URL cannot be empty');
    const cn = await call(
      'POST',
      'sys/product/save',
      admin,
      {
        kind: 'ssl',
        name: 'No CA',
        attrs: {},
        billingMode: 1,
        prices: [{ unit: 'm', cents: 1 }],
        ssl: { ca: 'paid', directoryUrl: paidCa.directoryUrl, eabKid: KID, maxDomains: 1 },
      },
      'cn',
    );
    expect(cn.body.code).toBe(400);
    expect(cn.body.msg).toContain('EAB HMAC 密钥');
  });

  it('never answers the HMAC key, and keeps it when an edit leaves it empty', async () => {
    const saved = await product({ name: 'Kept', ssl: paidTerms(HMAC) });
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(saved.body.data!.ssl).toMatchObject({ eabHmacKey: '', eabHmacKeySet: true, eabKid: KID });
    const edited = await product({ id: saved.body.data!.id, name: 'Kept', ssl: paidTerms('') });
    expect(edited.body.data!.ssl!.eabHmacKeySet).toBe(true);
    const adminList = await call('POST', 'sys/product/list', admin, { kind: 'ssl' });
    const shop = await call<{ list: Product[] }>('POST', 'app/product/list', customer, { kind: 'ssl' });
    for (const answer of [saved, edited, adminList, shop])
      expect(JSON.stringify(answer.body)).not.toContain(HMAC);
    // Which account the seller holds at the CA is not the customers' to see either.
    expect(shop.body.data!.list.find((p) => p.name === 'Kept')!.ssl).toMatchObject({
      eabKid: '',
      directoryUrl: '',
    });
  });
});

describe('certificate orders', () => {
  let paidProductId: number;
  let paidCert: Certificate;
  let purchase: Order;

  it('sells a paid certificate: order 20 paid from the balance, issued by the EAB CA', async () => {
    const saved = await product({ name: 'Paid SSL', ssl: paidTerms(HMAC) });
    paidProductId = saved.body.data!.id;
    const before = await balance();
    purchase = await buyAndPay(paidProductId, ['paid.ssl.test']);
    expect(purchase).toMatchObject({ type: 20, state: 'paid', amount: PRICE });
    expect(await balance()).toBe(before - PRICE);
    paidCert = await settled('paid.ssl.test');
    expect(paidCert.failReason).toBe('');
    expect(paidCert).toMatchObject({
      status: 'succeeded',
      productId: paidProductId,
      domains: ['paid.ssl.test'],
    });
    expect(paidCert.issuer).toBe((await paidCa.issuerSubject()).split('\n').join(', '));
    const paidUntil = new Date(paidCert.paidUntil!).getTime();
    expect(paidUntil).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  }, 90_000);

  it('renews through order 21, which extends the paid period', async () => {
    const order = await call<Order>('POST', 'app/site/certificate/renew/order', customer, {
      id: paidCert.id,
      cycle: 'm',
    });
    expect(order.body.code, order.body.msg).toBe(1);
    expect(order.body.data).toMatchObject({ type: 21, state: 'unpaid', amount: PRICE });
    await call('POST', 'app/finance/order/pay', customer, { serialNumber: order.body.data!.serialNumber });
    const info = await call<Certificate>('GET', 'app/site/certificate/info', customer, { id: paidCert.id });
    const gained = new Date(info.body.data!.paidUntil!).getTime() - new Date(paidCert.paidUntil!).getTime();
    expect(gained).toBeGreaterThanOrEqual(28 * 86_400_000);
  });

  it("answers 404 for another customer's certificate and order", async () => {
    const renew = await call('POST', 'app/site/certificate/renew/order', other, {
      id: paidCert.id,
      cycle: 'm',
    });
    expect(renew.body.code).toBe(404);
    const info = await call('GET', 'app/site/certificate/info', other, { id: paidCert.id });
    expect(info.body.code).toBe(404);
    const detail = await call('GET', 'app/finance/order/detail', other, {
      serialNumber: purchase.serialNumber,
    });
    expect(detail.body.code).toBe(404);
    const buy = await call('POST', 'app/site/certificate/buy', other, {
      productId: paidProductId,
      cycle: 'm',
      domains: ['paid.ssl.test'],
    });
    expect(buy.body.code).toBe(400);
  });

  it('fails with the CA refusing the account binding on a wrong HMAC; fixed, a retry issues it', async () => {
    // Another key id, so this product has its own ACME account (one per CA and key id).
    const terms = { ...paidTerms(WRONG_HMAC), eabKid: 'kid-2' };
    const saved = await product({ name: 'Bad SSL', ssl: terms });
    const before = await balance();
    const order = await buyAndPay(saved.body.data!.id, ['bad.ssl.test']);
    const failed = await settled('bad.ssl.test');
    expect(failed.status).toBe('failed');
    expect(failed.failReason).toMatch(/refused the external account binding \(EAB key id kid-2\)/);
    // The order stays paid (kept, not refunded): the admin fixes the product and it is retried.
    expect(
      (await call<Order>('GET', 'app/finance/order/detail', customer, { serialNumber: order.serialNumber }))
        .body.data!.state,
    ).toBe('paid');
    expect(await balance()).toBe(before - PRICE);
    await product({ id: saved.body.data!.id, name: 'Bad SSL', ssl: { ...terms, eabHmacKey: HMAC } });
    const retry = await call('POST', 'app/site/certificate/renew', customer, { id: failed.id });
    expect(retry.body.code, retry.body.msg).toBe(1);
    const issued = await settled('bad.ssl.test');
    expect(issued.failReason).toBe('');
    expect(issued.status).toBe('succeeded');
  }, 120_000);

  it('gives a free certificate at once (order 22) from the platform CA', async () => {
    const saved = await product({
      name: 'Free SSL',
      prices: [{ unit: 'm', cents: 0 }],
      ssl: { ca: 'free', maxDomains: 1 },
    });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const before = await balance();
    const order = await call<Order>('POST', 'app/site/certificate/buy', customer, {
      productId: saved.body.data!.id,
      cycle: 'm',
      domains: ['free.ssl.test'],
    });
    expect(order.body.data).toMatchObject({ type: 22, state: 'paid', amount: 0 });
    expect(await balance()).toBe(before);
    const cert = await settled('free.ssl.test');
    expect(cert.failReason).toBe('');
    expect(cert.issuer).toBe((await platformCa.issuerSubject()).split('\n').join(', '));
    const orders = await call<{ list: Order[] }>('POST', 'app/finance/order/list', customer, { type: 22 });
    expect(orders.body.data!.list.map((o) => o.serialNumber)).toContain(order.body.data!.serialNumber);
  }, 90_000);

  it('refuses more names than the product allows, and wildcard names (HTTP-01 cannot prove them)', async () => {
    const many = await call('POST', 'app/site/certificate/buy', customer, {
      productId: paidProductId,
      cycle: 'm',
      domains: ['paid.ssl.test', 'bad.ssl.test', 'free.ssl.test'],
    });
    expect(many.body.msg).toBe('Domains: this certificate carries at most 2 names');
    const wild = await call('POST', 'app/site/certificate/buy', customer, {
      productId: paidProductId,
      cycle: 'm',
      domains: ['*.ssl.test'],
    });
    expect(wild.body.msg).toContain('wildcard');
  });

  it('a refund ends the paid period: the hourly renewal passes it by', async () => {
    const refund = await call('POST', 'sys/finance/order/refund', admin, {
      serialNumber: purchase.serialNumber,
      note: 'test',
    });
    expect(refund.body.code, refund.body.msg).toBe(1);
    const info = await call<Certificate>('GET', 'app/site/certificate/info', customer, { id: paidCert.id });
    expect(new Date(info.body.data!.paidUntil!).getTime()).toBeLessThanOrEqual(Date.now());
    // Nor is it issued again for free on request: a renewal order is the way.
    const again = await call('POST', 'app/site/certificate/renew', customer, { id: paidCert.id });
    expect(again.body).toMatchObject({ code: 400, msg: 'Paid period ended — renew' });
    // Due for renewal by its dates, it is not renewed past its paid period.
    await server.database.db
      .update(certificates)
      .set({ notAfter: new Date(Date.now() + 86_400_000) })
      .where(eq(certificates.id, paidCert.id));
    // renewDue reads the database and queues jobs only.
    const acme = acmeService({ db: server.database.db, jobs: { add: addJob } } as unknown as Parameters<
      typeof acmeService
    >[0]);
    expect(await acme.renewDue()).toBe(0);
    // Its expiry notice says it will not renew by itself (the platform speaks Chinese by default).
    await sendExpiryNotices(server.database);
    const inbox = await call<{ list: { content: string }[] }>(
      'POST',
      'app/account/message/list',
      customer,
      {},
    );
    expect(inbox.body.data!.list[0]!.content).toContain('它的付费期已结束，不会自动续期');
  });
});
