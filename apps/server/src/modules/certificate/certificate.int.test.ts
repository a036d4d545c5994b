import type { Certificate, EdgeBundle, EdgeNodeSaved, EdgeWait, Site } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { makeCertificate } from '../../../test/support/openssl';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { sendExpiryNotices } from './expiry-notices';

let server: TestServer;
let customer: string;
let other: string;
let nodeToken: string;
const good = makeCertificate(['www.cert.test', '*.img.cert.test']);

async function edge<T>(path: string) {
  const response = await fetch(`${server.baseUrl}/api/edge/v1/${path}`, {
    headers: { authorization: `Bearer ${nodeToken}` },
  });
  return ((await response.json()) as { data: T }).data;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.allowOrigins();
  const admin = await server.login('admin');
  customer = await server.login('customer');
  await server.database.db
    .insert(customers)
    .values({ username: 'cert-other', passwordHash: await hashPassword('other-pass-1') });
  other = await server.login('customer', { username: 'cert-other', password: 'other-pass-1' });
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'G', isDefault: true },
  });
  const saved = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
    token: admin,
    body: { name: 'cert-edge', ipv4: '203.0.113.5', groupId: group.body.data!.id },
  });
  nodeToken = saved.body.data!.token!;
});
afterAll(() => server.close());

const upload = (body: object, token = customer, lang: 'en' | 'cn' = 'en') =>
  server.call<Certificate>('POST', 'app/site/certificate/upload', { token, body, lang });

describe('expiry notices', () => {
  it('tells the owner once per threshold, by internal letter', async () => {
    const soon = makeCertificate(['soon.cert.test'], 5);
    await upload({ certPem: soon.certPem, keyPem: soon.keyPem, name: 'soon' });
    expect(await sendExpiryNotices(server.database)).toBe(1);
    expect(await sendExpiryNotices(server.database)).toBe(0);
    const inbox = await server.call<{ list: { title: string; content: string }[] }>(
      'POST',
      'app/account/message/list',
      {
        token: customer,
        body: {},
      },
    );
    expect(inbox.body.data!.list[0]).toMatchObject({ title: '证书 soon 将在 7 天内过期' });
  });
});

describe('certificate upload', () => {
  it('parses an upload and never answers its key', async () => {
    const answer = await upload({ certPem: good.certPem, keyPem: good.keyPem, domains: ['www.cert.test'] });
    expect(answer.body.code).toBe(1);
    expect(answer.body.data).toMatchObject({
      status: 'own',
      source: 'upload',
      domains: ['www.cert.test', '*.img.cert.test'],
      name: 'www.cert.test',
    });
    expect(answer.body.data!.issuer).toContain('Nimbus Test CA');
    expect(JSON.stringify(answer.body)).not.toContain('PRIVATE KEY');
    const list = await server.call('POST', 'app/site/certificate/list', { token: customer, body: {} });
    expect(JSON.stringify(list.body)).not.toContain('PRIVATE KEY');
  });

  it('refuses a key of another certificate, an expired certificate and uncovered domains, in words', async () => {
    const mismatch = await upload({ certPem: good.certPem, keyPem: makeCertificate(['x.test']).keyPem });
    expect(mismatch.body).toMatchObject({ code: 400, msg: 'The private key does not match the certificate' });
    const old = makeCertificate(['old.cert.test'], 0);
    const expired = await upload({ certPem: old.certPem, keyPem: old.keyPem }, customer, 'cn');
    expect(expired.body.msg).toBe('证书已过期（2020-02-01）');
    const uncovered = await upload({
      certPem: good.certPem,
      keyPem: good.keyPem,
      domains: ['api.cert.test'],
    });
    expect(uncovered.body.msg).toBe('The certificate does not cover: api.cert.test');
    const notPem = await upload({ certPem: 'hello', keyPem: good.keyPem });
    expect(notPem.body.code).toBe(400);
  });

  it('refuses a key or a signature the edges’ OpenSSL would refuse, so it never reaches a node', async () => {
    const tiny = makeCertificate(['tiny.cert.test'], 30, { leafKey: 'rsa:512' });
    const weak = await upload({ certPem: tiny.certPem, keyPem: tiny.keyPem }, customer, 'cn');
    expect(weak.body).toMatchObject({
      code: 400,
      msg: '私钥强度不足：请使用 2048 位及以上的 RSA、P-256/P-384 的 EC 或 Ed25519 私钥',
    });
    const sha1 = makeCertificate(['sha1.cert.test'], 30, { digest: 'sha1' });
    const signed = await upload({ certPem: sha1.certPem, keyPem: sha1.keyPem });
    expect(signed.body.msg).toBe(
      'The certificate is signed with MD5 or SHA-1, which is unsafe: have it reissued (e.g. SHA-256)',
    );
    const list = await server.call<{ list: Certificate[] }>('POST', 'app/site/certificate/list', {
      token: customer,
      body: {},
    });
    expect(list.body.data!.list.map((c) => c.name)).not.toContain('tiny.cert.test');
  });

  it('serves an HTTPS site with it: the certificate and its key reach the node’s bundle only', async () => {
    const list = await server.call<{ list: Certificate[] }>('POST', 'app/site/certificate/list', {
      token: customer,
      body: {},
    });
    const cert = list.body.data!.list[0]!;
    const before = (await edge<EdgeWait>('wait?timeout=0')).latestVersion;
    const site = await server.call<Site>('POST', 'app/site/domain/create', {
      token: customer,
      body: {
        domain: 'www.cert.test',
        origins: [{ address: '127.0.0.1' }],
        httpsEnabled: true,
        certificateId: cert.id,
        forceHttps: true,
      },
    });
    expect(site.body.code).toBe(1);
    expect(site.body.data).toMatchObject({
      httpsEnabled: true,
      certificateName: 'www.cert.test',
      forceHttps: true,
    });
    const version = (await edge<EdgeWait>(`wait?version=${before}&timeout=10`)).latestVersion;
    const bundle = await edge<EdgeBundle>(`bundle?version=${version}`);
    const key = bundle.files.find((f) => f.path.endsWith('.key'));
    expect(key).toMatchObject({ content: good.keyPem.trim(), secret: true });
    expect(bundle.files.some((f) => f.path.endsWith('.pem') && f.content.includes('BEGIN CERTIFICATE'))).toBe(
      true,
    );
    // The stored bundle itself holds no key: it is unsealed only into the answer.
    const stored = await server.database.pool.query<{ files: string }>(
      'select files::text from edge_bundles',
    );
    expect(stored.rows.every((r) => !r.files.includes('PRIVATE KEY'))).toBe(true);
  });

  it('refuses a certificate that does not cover the site, and deleting one in use', async () => {
    const list = await server.call<{ list: Certificate[] }>('POST', 'app/site/certificate/list', {
      token: customer,
      body: {},
    });
    const cert = list.body.data!.list[0]!;
    const wrong = await server.call('POST', 'app/site/domain/create', {
      token: customer,
      lang: 'en',
      body: {
        domain: 'shop.cert.test',
        origins: [{ address: '127.0.0.1' }],
        httpsEnabled: true,
        certificateId: cert.id,
      },
    });
    expect(wrong.body.msg).toBe('The certificate does not exist or does not cover this domain');
    const inUse = await server.call('POST', 'app/site/certificate/delete', {
      token: customer,
      lang: 'en',
      body: { id: cert.id },
    });
    expect(inUse.body).toMatchObject({
      code: 409,
      msg: '1 sites use this certificate: turn their HTTPS off first',
    });
  });

  it('answers 404 for another customer’s certificate, and keeps them from using it', async () => {
    const list = await server.call<{ list: Certificate[] }>('POST', 'app/site/certificate/list', {
      token: customer,
      body: {},
    });
    const id = list.body.data!.list[0]!.id;
    expect(
      (await server.call('GET', 'app/site/certificate/info', { token: other, query: { id } })).body.code,
    ).toBe(404);
    expect(
      (await server.call('POST', 'app/site/certificate/delete', { token: other, body: { id } })).body.code,
    ).toBe(404);
    const borrowed = await server.call('POST', 'app/site/domain/create', {
      token: other,
      body: {
        domain: 'x.img.cert.test',
        origins: [{ address: '127.0.0.1' }],
        httpsEnabled: true,
        certificateId: id,
      },
    });
    expect(borrowed.body.code).toBe(400);
  });
});
