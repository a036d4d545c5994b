import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { paymentKit } from '../payment/testing/payment-kit';

let server: TestServer;
const kit = paymentKit(() => server);
let admin: string;

interface Status {
  state: string | null;
  realnameStatus: number;
  realnameName: string | null;
  realnameCertificateid: string | null;
  fee: number;
  orderSerial: string | null;
  faceAvailable: boolean;
  reason: string | null;
}
interface RecordPage {
  list: {
    id: number;
    username: string;
    state: string;
    realnameName: string;
    realnameCertificateid: string;
  }[];
}

const ID = '11010519491231002X';
const status = async (token: string) =>
  (await kit.call<Status>('GET', 'app/account/verification/status', { token })).body.data!;
const submit = (token: string, body: Record<string, unknown>) =>
  kit.call<Status>('POST', 'app/account/verification/submit', { token, body });
const review = (body: Record<string, unknown>) =>
  kit.call('POST', 'sys/account/verification/review', { token: admin, body });

async function setFee(units: number) {
  const web = await kit.call<{ price: Record<string, unknown> }>('GET', 'app/common/web/config');
  const saved = await kit.call('POST', 'sys/config/web/save', {
    token: admin,
    body: { section: 'price', value: { ...web.body.data!.price, verificationFee: units } },
  });
  expect(saved.body.code, saved.body.msg).toBe(1);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

describe('real-name verification reviewed by an administrator', () => {
  it('checks the details, then waits for review with the ID shown masked', async () => {
    const alice = await kit.customer('alice-rn');
    expect(await status(alice.token)).toMatchObject({
      state: null,
      realnameStatus: 2,
      fee: 0,
      faceAvailable: false,
    });
    const bad = await submit(alice.token, {
      realnameName: '张三',
      realnameCertificateid: '110105194912310021',
    });
    expect(bad.body).toMatchObject({
      code: 400,
      msg: expect.stringContaining('ID card number format error'),
    });
    const done = await submit(alice.token, {
      realnameName: '张小三',
      realnameCertificateid: ID.toLowerCase(),
    });
    expect(done.body.data).toMatchObject({
      state: 'review',
      realnameStatus: 0,
      realnameName: '张*三',
      realnameCertificateid: '1101**********002X',
    });
    const again = await submit(alice.token, { realnameName: '张小三', realnameCertificateid: ID });
    expect(again.body.msg).toBe('Your verification is being reviewed: please wait');

    const pending = await kit.call<RecordPage>('POST', 'sys/account/verification/list', {
      token: admin,
      body: { state: 'review', username: 'alice-rn' },
    });
    const [record] = pending.body.data!.list;
    expect(record).toMatchObject({ username: 'alice-rn', realnameCertificateid: '1101**********002X' });
    expect((await review({ id: record!.id, approve: false })).body.msg).toBe('Give a reason to reject');
    expect((await review({ id: record!.id, approve: false, reason: 'Blurred photo' })).body.code).toBe(1);
    expect(await status(alice.token)).toMatchObject({
      state: 'rejected',
      realnameStatus: 0,
      reason: 'Blurred photo',
    });

    await submit(alice.token, { realnameName: '张小三', realnameCertificateid: ID });
    const next = (await status(alice.token)).state;
    expect(next).toBe('review');
    const list = await kit.call<RecordPage>('POST', 'sys/account/verification/list', {
      token: admin,
      body: { state: 'review', username: 'alice-rn' },
    });
    expect((await review({ id: list.body.data!.list[0]!.id, approve: true })).body.code).toBe(1);
    const user = await kit.call<{ realnameStatus: number }>('GET', 'app/account/userinfo', {
      token: alice.token,
    });
    expect(user.body.data!.realnameStatus).toBe(1);
    expect((await submit(alice.token, { realnameName: '李四', realnameCertificateid: ID })).body.msg).toBe(
      'Your identity is verified already',
    );
    expect(
      (await kit.call('POST', 'sys/account/verification/list', { token: alice.token, body: {} })).body.code,
    ).toBe(403);
  });

  it('asks for the fee first when there is one: an order of type 1, paid like any other', async () => {
    await setFee(3);
    const bob = await kit.customer('bob-rn');
    const submitted = await submit(bob.token, { realnameName: '王五', realnameCertificateid: ID });
    expect(submitted.body.data).toMatchObject({ state: 'fee_unpaid', fee: 300 });
    const serial = submitted.body.data!.orderSerial!;
    expect((await kit.order(serial)).type).toBe(1);
    await kit.call('POST', 'sys/finance/recharge', {
      token: admin,
      body: { userId: bob.id, direction: 'credit', amount: 300, note: 'fee' },
    });
    const paid = await kit.call('POST', 'app/finance/order/pay', {
      token: bob.token,
      body: { serialNumber: serial },
    });
    expect(paid.body.code, paid.body.msg).toBe(1);
    expect(await status(bob.token)).toMatchObject({ state: 'review', orderSerial: null });
    await setFee(0);
  });
});
