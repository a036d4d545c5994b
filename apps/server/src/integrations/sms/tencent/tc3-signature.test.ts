import { describe, expect, it } from 'vitest';
import { signTc3, tc3Date } from './tc3-signature';

describe('TC3-HMAC-SHA256', () => {
  // Tencent Cloud's documented example (API 3.0 "Signature v3", CVM DescribeInstances).
  it('reproduces the documented example step by step', () => {
    const result = signTc3({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      headers: { 'Content-Type': 'application/json; charset=utf-8', Host: 'cvm.tencentcloudapi.com' },
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(result.canonicalRequest).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n' +
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(result.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
    expect(result.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(result.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('signs extra headers in name order, lower-cased', () => {
    const result = signTc3({
      secretId: 'id',
      secretKey: 'key',
      service: 'sms',
      headers: {
        'X-TC-Action': 'SendSms',
        Host: 'sms.tencentcloudapi.com',
        'Content-Type': 'application/json; charset=utf-8',
      },
      payload: '{}',
      timestamp: 1700000000,
    });
    expect(result.signedHeaders).toBe('content-type;host;x-tc-action');
    expect(result.canonicalRequest).toContain('\nx-tc-action:sendsms\n');
  });

  it('uses the UTC date of the timestamp (UTC+8 is already the next day here)', () => {
    expect(tc3Date(1551113065)).toBe('2019-02-25');
    expect(tc3Date(Date.UTC(2024, 0, 1, 23, 59, 59) / 1000)).toBe('2024-01-01');
  });

  it('a different key gives a different signature', () => {
    const base = {
      secretId: 'id',
      service: 'sms',
      headers: { 'content-type': 'application/json', host: 'h' },
      payload: '{}',
      timestamp: 1,
    };
    expect(signTc3({ ...base, secretKey: 'a' }).signature).not.toBe(
      signTc3({ ...base, secretKey: 'b' }).signature,
    );
  });
});
