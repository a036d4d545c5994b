import { tencentFaceConfigSchema } from '@nimbus/contract';
import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../platform/http/app-error';
import { signTc3 } from '../../sms/tencent/tc3-signature';
import { faceIdRequest } from './faceid-api';
import { tencentFaceProvider } from './index';

const config = tencentFaceConfigSchema.parse({ secretId: 'AKIDx', secretKey: 'k', ruleId: '1' });
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describe('TC3-HMAC-SHA256 as FaceID calls sign it', () => {
  // Signature v3 (cloud.tencent.com/document/api/213/30654), current worked example: the action
  // header is signed. Its SecretKey is masked, so the canonical request and the string to sign
  // are the reproducible parts (the key derivation is covered by the SMS test's older example).
  it('reproduces the documented canonical request and string to sign with x-tc-action', () => {
    const result = signTc3({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'masked',
      service: 'cvm',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        host: 'cvm.tencentcloudapi.com',
        'x-tc-action': 'DescribeInstances',
      },
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(result.canonicalRequest).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n' +
        'x-tc-action:describeinstances\n\ncontent-type;host;x-tc-action\n' +
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(sha256(result.canonicalRequest)).toBe(
      '7019a55be8395899b900fb5564e4200d984910f34794a27cb3fb7d10ff6a1e84',
    );
    expect(result.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n' +
        '7019a55be8395899b900fb5564e4200d984910f34794a27cb3fb7d10ff6a1e84',
    );
  });

  it('posts to the endpoint root with the action, version and timestamp, action signed', () => {
    const request = faceIdRequest(config, 'DetectAuth', '{"RuleId":"1"}', 1700000000);
    expect(request.url.toString()).toBe('https://faceid.tencentcloudapi.com/');
    expect(request.headers).toMatchObject({
      'X-TC-Action': 'DetectAuth',
      'X-TC-Version': '2018-03-01',
      'X-TC-Timestamp': '1700000000',
    });
    expect(request.headers['X-TC-Region']).toBeUndefined();
    const expected = signTc3({
      secretId: 'AKIDx',
      secretKey: 'k',
      service: 'faceid',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        host: 'faceid.tencentcloudapi.com',
        'x-tc-action': 'DetectAuth',
      },
      payload: '{"RuleId":"1"}',
      timestamp: 1700000000,
    });
    expect(request.headers.Authorization).toBe(expected.authorization);
    expect(expected.authorization).toContain('Credential=AKIDx/2023-11-14/faceid/tc3_request');
    expect(
      faceIdRequest({ ...config, region: 'ap-guangzhou' }, 'DetectAuth', '{}', 1).headers['X-TC-Region'],
    ).toBe('ap-guangzhou');
  });
});

describe('reading GetDetectInfoEnhanced', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (response: unknown) =>
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ Response: response })));
  const ID = '11010519491231002X';
  const digest = crypto.createHash('sha256').update(`${ID}\n张三`).digest('hex').slice(0, 32);
  const ref = `BIZ-1#${digest}`;
  const text = (Text: Record<string, unknown>) => answer({ Text, RequestId: 'r' });

  it.each([
    ['null before the person finishes', { ErrCode: null }],
    ['17: the flow is not complete', { ErrCode: 17, ErrMsg: '本次流程未完成' }],
    ['15: the token expired', { ErrCode: 15, ErrMsg: 'Token 过期，请重试' }],
  ])('is not done on %s', async (_, Text) => {
    text(Text);
    expect(await tencentFaceProvider.result(config, ref)).toMatchObject({ done: false, passed: false });
  });

  it('passes on ErrCode 0 for the person asked about only', async () => {
    text({ ErrCode: 0, ErrMsg: '成功', IdCard: ID.toLowerCase(), Name: '张三' });
    expect(await tencentFaceProvider.result(config, ref)).toMatchObject({ done: true, passed: true });
    text({ ErrCode: 0, ErrMsg: '成功', IdCard: '110105198001010016', Name: '张三' });
    expect(await tencentFaceProvider.result(config, ref)).toMatchObject({ done: true, passed: false });
    text({ ErrCode: 0, ErrMsg: '成功', IdCard: null, Name: null });
    expect(await tencentFaceProvider.result(config, ref)).toMatchObject({ done: true, passed: false });
  });

  it('fails with the provider’s words on any other code', async () => {
    text({ ErrCode: 2006, ErrMsg: '姓名和身份证号不匹配，请核实身份后重试' });
    expect(await tencentFaceProvider.result(config, ref)).toEqual({
      done: true,
      passed: false,
      reason: '姓名和身份证号不匹配，请核实身份后重试',
    });
  });

  it('leaves an expired BizToken pending and reports other API errors', async () => {
    answer({ Error: { Code: 'InvalidParameterValue.BizTokenExpired', Message: 'BizToken过期。' } });
    expect(await tencentFaceProvider.result(config, ref)).toMatchObject({ done: false });
    answer({ Error: { Code: 'UnauthorizedOperation.Arrears', Message: '账号已欠费。' } });
    const error = await tencentFaceProvider.result(config, ref).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      messageKey: 'verification.providerError',
      params: { code: 'UnauthorizedOperation.Arrears', message: '账号已欠费。' },
    });
  });
});
