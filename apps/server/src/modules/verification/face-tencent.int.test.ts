import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { FAIL, startFakeTencentFaceId } from '../../integrations/certification/tencent/testing/fake-tencent';
import { faceKit, press } from './testing/face-kit';

const ACCOUNT = { secretId: 'AKIDfaceidtest', secretKey: 'faceid-secret-key', ruleId: '7' };

let server: TestServer;
let fake: Awaited<ReturnType<typeof startFakeTencentFaceId>>;
const kit = faceKit(() => server);
const config = () => ({ ...ACCOUNT, endpoint: fake.url });
/** The check the fake registered last (what DetectAuth created). */
const lastCheck = () => [...fake.checks.values()].at(-1)!;

beforeAll(async () => {
  [server, fake] = await Promise.all([startTestServer(), startFakeTencentFaceId(ACCOUNT)]);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('face verification at Tencent Cloud FaceID', () => {
  it('is offered once an admin configures it; the SecretKey stays write-only', async () => {
    const early = await kit.customer('tc-early');
    expect((await kit.status(early.token)).faceAvailable).toBe(false);
    const saved = await kit.configure('tencent', config());
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(await kit.shown('tencent')).toMatchObject({
      secretId: ACCOUNT.secretId,
      secretKey: '',
      secretKeySet: true,
      ruleId: '7',
      endpoint: fake.url,
    });
    // Sent back as read (secret blank) it keeps the stored key; a new endpoint needs it again.
    expect((await kit.configure('tencent', { ...config(), secretKey: '' })).body.code).toBe(1);
    const moved = await kit.configure('tencent', {
      ...config(),
      secretKey: '',
      endpoint: 'https://x.example/',
    });
    expect(moved.body.code).toBe(400);
    expect((await kit.status(early.token)).faceAvailable).toBe(true);
  });

  it('approves once Tencent says the face matched: page, pending, pass', async () => {
    const alice = await kit.customer('tc-alice');
    expect(await kit.submit(alice.token, '张小三', '11010519491231002X')).toMatchObject({
      state: 'face_pending',
      faceAvailable: true,
    });
    const started = await kit.startFace(alice.token);
    expect(started.body.code, started.body.msg).toBe(1);
    expect(started.body.data!.provider).toBe('tencent');
    expect(started.body.data!.url.startsWith(fake.url)).toBe(true);
    expect(fake.calls.at(-1)).toEqual({ action: 'DetectAuth', verified: true });
    const check = lastCheck();
    expect(check).toMatchObject({ ruleId: '7', idCard: '11010519491231002X', name: '张小三' });
    expect(new URL(check.redirectUrl).pathname).toBe('/cdn/account/verification');

    // Back before finishing (or never started): still pending, nothing approved.
    expect((await kit.faceResult(alice.token)).body.data).toMatchObject({
      state: 'face_pending',
      realnameStatus: 0,
    });

    const pressed = await press(started.body.data!.url, 'Pass');
    expect(pressed.status).toBe(302);
    expect(pressed.location.startsWith(check.redirectUrl)).toBe(true);
    expect((await kit.faceResult(alice.token)).body.data).toMatchObject({
      state: 'approved',
      realnameStatus: 1,
    });
    expect(fake.calls.at(-1)).toEqual({ action: 'GetDetectInfoEnhanced', verified: true });
    expect(await kit.realnameStatus(alice.token)).toBe(1);
  });

  it('rejects with Tencent’s reason when the face does not match', async () => {
    const bob = await kit.customer('tc-bob');
    await kit.submit(bob.token, '王五', '110105198001010016');
    const started = await kit.startFace(bob.token);
    expect((await press(started.body.data!.url, 'Fail')).status).toBe(302);
    expect((await kit.faceResult(bob.token)).body.data).toMatchObject({
      state: 'rejected',
      realnameStatus: 0,
      reason: FAIL.errMsg,
    });
    expect(await kit.realnameStatus(bob.token)).toBe(0);
  });

  it('does not approve a success for someone else than the person submitted', async () => {
    const carol = await kit.customer('tc-carol');
    await kit.submit(carol.token, '李四', '44030419900307123X');
    await kit.startFace(carol.token);
    fake.decide(lastCheck().bizToken, true, { idCard: '310115198512124568' });
    expect((await kit.faceResult(carol.token)).body.data).toMatchObject({
      state: 'rejected',
      realnameStatus: 0,
    });
  });

  it('reports a refused signature as the provider’s error and starts nothing', async () => {
    const dave = await kit.customer('tc-dave');
    await kit.submit(dave.token, '赵六', '310115198512124568');
    expect((await kit.configure('tencent', { ...config(), secretKey: 'not-the-key' })).body.code).toBe(1);
    const refused = await kit.startFace(dave.token);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('AuthFailure.SignatureFailure');
    expect(fake.calls.at(-1)).toEqual({ action: 'DetectAuth', verified: false });
    expect((await kit.status(dave.token)).state).toBe('face_pending');

    await kit.configure('tencent', config());
    expect((await kit.startFace(dave.token)).body.code).toBe(1);
  });

  it('names the provider’s address when it cannot be reached', async () => {
    const erin = await kit.customer('tc-erin');
    await kit.submit(erin.token, '钱七', '110105198001010016');
    await kit.configure('tencent', { ...config(), endpoint: 'http://127.0.0.1:9/' });
    const answer = await kit.startFace(erin.token);
    expect(answer.body.msg).toBe(
      'The verification service (http://127.0.0.1:9) cannot be reached: try again later',
    );
    await kit.configure('tencent', config());
  });
});
