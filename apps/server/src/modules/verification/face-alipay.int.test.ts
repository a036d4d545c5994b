import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  FAIL_REASON,
  startFakeAlipayCertify,
} from '../../integrations/certification/alipay/testing/fake-alipay';
import { faceKit, press } from './testing/face-kit';

const APP_ID = '2021000000000001';
/** The merchant's key pair, made now as Alipay's key tool would: PKCS#8 private, SPKI public. */
const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_KEY = merchant.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');

let server: TestServer;
let fake: Awaited<ReturnType<typeof startFakeAlipayCertify>>;
const kit = faceKit(() => server);
const config = () => ({
  appId: APP_ID,
  privateKey: PRIVATE_KEY,
  alipayPublicKey: fake.alipayPublicKey,
  endpoint: fake.endpoint,
});
const lastCertify = () => [...fake.certifies.values()].at(-1)!;

beforeAll(async () => {
  [server, fake] = await Promise.all([
    startTestServer(),
    startFakeAlipayCertify({
      appId: APP_ID,
      publicKey: merchant.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    }),
  ]);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('face verification at Alipay', () => {
  it('is offered once an admin configures it; the private key stays write-only', async () => {
    const early = await kit.customer('ali-early');
    expect((await kit.status(early.token)).faceAvailable).toBe(false);
    // A key that is no RSA key leaves the provider as good as off.
    expect((await kit.configure('alipay', { ...config(), privateKey: 'bm90IGEga2V5' })).body.code).toBe(1);
    expect((await kit.status(early.token)).faceAvailable).toBe(false);
    expect((await kit.configure('alipay', config())).body.code).toBe(1);
    expect(await kit.shown('alipay')).toMatchObject({
      appId: APP_ID,
      privateKey: '',
      privateKeySet: true,
      alipayPublicKey: fake.alipayPublicKey,
      endpoint: fake.endpoint,
    });
    expect((await kit.configure('alipay', { ...config(), privateKey: '' })).body.code).toBe(1);
    expect((await kit.status(early.token)).faceAvailable).toBe(true);
  });

  it('approves once Alipay’s signed answer says passed: page, pending, pass', async () => {
    const alice = await kit.customer('ali-alice');
    expect(await kit.submit(alice.token, '张小三', '11010519491231002X')).toMatchObject({
      state: 'face_pending',
      faceAvailable: true,
    });
    const started = await kit.startFace(alice.token);
    expect(started.body.code, started.body.msg).toBe(1);
    expect(started.body.data!.provider).toBe('alipay');
    const url = new URL(started.body.data!.url);
    expect(`${url.origin}${url.pathname}`).toBe(fake.endpoint);
    expect(url.searchParams.get('method')).toBe('alipay.user.certify.open.certify');
    const certify = lastCertify();
    expect(certify).toMatchObject({ certName: '张小三', certNo: '11010519491231002X', passed: null });
    expect(certify.outerOrderNo).toMatch(/^[a-z0-9]{1,32}$/i);
    expect(fake.calls.at(-1)).toEqual({ method: 'alipay.user.certify.open.initialize', verified: true });

    expect((await kit.faceResult(alice.token)).body.data).toMatchObject({
      state: 'face_pending',
      realnameStatus: 0,
    });

    // The browser's page checks the signature of the URL we handed out.
    const pressed = await press(started.body.data!.url, 'Pass');
    expect(fake.calls.at(-1)).toEqual({ method: 'alipay.user.certify.open.certify', verified: true });
    expect(pressed).toEqual({ status: 302, location: certify.returnUrl });
    expect(new URL(certify.returnUrl).pathname).toBe('/cdn/account/verification');
    expect((await kit.faceResult(alice.token)).body.data).toMatchObject({
      state: 'approved',
      realnameStatus: 1,
    });
    expect(fake.calls.at(-1)).toEqual({ method: 'alipay.user.certify.open.query', verified: true });
    expect(await kit.realnameStatus(alice.token)).toBe(1);
  });

  it('rejects with Alipay’s reason when the face does not match', async () => {
    const bob = await kit.customer('ali-bob');
    await kit.submit(bob.token, '王五', '110105198001010016');
    const started = await kit.startFace(bob.token);
    expect((await press(started.body.data!.url, 'Fail')).status).toBe(302);
    expect((await kit.faceResult(bob.token)).body.data).toMatchObject({
      state: 'rejected',
      realnameStatus: 0,
      reason: FAIL_REASON,
    });
  });

  it('does not approve on an answer whose signature is not Alipay’s', async () => {
    const carol = await kit.customer('ali-carol');
    await kit.submit(carol.token, '李四', '44030419900307123X');
    await kit.startFace(carol.token);
    fake.decide(lastCertify().certifyId, true);
    fake.state.forge = true;
    try {
      const forged = await kit.faceResult(carol.token);
      expect(forged.body.code).toBe(400);
      expect(forged.body.msg).toBe(
        'The answer of the verification service could not be verified: try again later',
      );
      expect(await kit.status(carol.token)).toMatchObject({ state: 'face_pending', realnameStatus: 0 });
      // A forged answer to the start is refused too: no URL comes from it.
      expect((await kit.startFace(carol.token)).body.code).toBe(400);
    } finally {
      fake.state.forge = false;
    }
    expect(await kit.realnameStatus(carol.token)).toBe(0);
  });

  it('reports a refused request signature as Alipay’s error', async () => {
    const dave = await kit.customer('ali-dave');
    await kit.submit(dave.token, '赵六', '310115198512124568');
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrong = other.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    expect((await kit.configure('alipay', { ...config(), privateKey: wrong })).body.code).toBe(1);
    const refused = await kit.startFace(dave.token);
    expect(refused.body.msg).toContain('isv.invalid-signature');
    expect(fake.calls.at(-1)).toEqual({ method: 'alipay.user.certify.open.initialize', verified: false });
    await kit.configure('alipay', config());
    expect((await kit.startFace(dave.token)).body.code).toBe(1);
  });
});
