import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../platform/http/app-error';
import { rsa2Sign } from './alipay-sign';
import { alipayFaceProvider } from './index';

const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const keys = {
  appId: '2021',
  endpoint: 'https://gw.example/gateway.do',
  privateKey: app.privateKey,
  alipayPublicKey: alipay.publicKey,
};

/** The gateway answers `content` for the query, signed by Alipay. */
function answer(content: Record<string, unknown>) {
  const text = JSON.stringify(content);
  const body = `{"alipay_user_certify_open_query_response":${text},"sign":"${rsa2Sign(text, alipay.privateKey)}"}`;
  vi.stubGlobal('fetch', async () => new Response(body));
}

describe('reading alipay.user.certify.open.query', () => {
  afterEach(() => vi.unstubAllGlobals());
  const ok = { code: '10000', msg: 'Success' };

  it('passes on "T", as a string or a one-item list', async () => {
    answer({ ...ok, passed: 'T' });
    expect(await alipayFaceProvider.result(keys, 'c1')).toEqual({ done: true, passed: true, reason: '' });
    answer({ ...ok, passed: ['T'] });
    expect(await alipayFaceProvider.result(keys, 'c1')).toMatchObject({ done: true, passed: true });
  });

  it('fails on "F" with a fail_reason; without one it cannot tell failed from not yet', async () => {
    answer({ ...ok, passed: 'F', fail_reason: 'Z1147' });
    expect(await alipayFaceProvider.result(keys, 'c1')).toEqual({
      done: true,
      passed: false,
      reason: 'Z1147',
    });
    answer({ ...ok, passed: 'F' });
    expect(await alipayFaceProvider.result(keys, 'c1')).toMatchObject({ done: false, passed: false });
  });

  it('leaves an unknown or expired certify_id pending and reports other refusals', async () => {
    answer({
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'OPEN_CERTIFY_BILL_NOT_EXIST',
      sub_msg: '无效的certify_id',
    });
    expect(await alipayFaceProvider.result(keys, 'c1')).toMatchObject({ done: false });
    answer({ code: '40006', msg: 'Insufficient Permissions', sub_code: 'isv.insufficient-isv-permissions' });
    const error = await alipayFaceProvider.result(keys, 'c1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ params: { code: 'isv.insufficient-isv-permissions' } });
  });

  it('refuses an answer that is neither "T" nor "F"', async () => {
    answer({ ...ok, passed: 'maybe' });
    await expect(alipayFaceProvider.result(keys, 'c1')).rejects.toMatchObject({
      messageKey: 'verification.providerBadAnswer',
    });
  });
});
