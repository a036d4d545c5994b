import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alipaySignContent, rsa2Verify } from '../../certification/alipay/alipay-sign';
import { notificationContent, notificationVerifies, pagePayUrl } from './alipay-page-pay';

const spki = (base64: string) =>
  crypto.createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });

/**
 * A real trade_status_sync notification and the Alipay public key it verifies with, from the
 * official Node SDK's tests (alipay/alipay-sdk-nodejs-all test/alipay.test.ts, "verify sign should
 * delete sign_type"). fund_bill_list arrives as this JSON text in the form.
 */
const SDK_ALIPAY_PUBLIC_KEY = spki(
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB',
);
const SDK_NOTIFICATION: Record<string, string> = {
  gmt_create: '2019-08-15 15:56:22',
  charset: 'utf-8',
  seller_email: 'z97-yuquerevenue@service.aliyun.com',
  subject: '语雀空间 500人规模',
  sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
  buyer_id: '2088102534368455',
  invoice_amount: '0.10',
  notify_id: '2019081500222155624068450559358070',
  fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  trade_status: 'TRADE_SUCCESS',
  receipt_amount: '0.10',
  buyer_pay_amount: '0.10',
  sign_type: 'RSA2',
  app_id: '2019073166072302',
  seller_id: '2088531891668739',
  gmt_payment: '2019-08-15 15:56:24',
  notify_time: '2019-08-15 15:56:25',
  version: '1.0',
  out_trade_no: '20190815155618536-564-57',
  total_amount: '0.10',
  trade_no: '2019081522001468450512505578',
  auth_app_id: '2019073166072302',
  buyer_logon_id: 'xud***@126.com',
  point_amount: '0.00',
};

describe('an Alipay notification', () => {
  it('builds the documented string to verify: no sign, no sign_type, sorted, decoded values', () => {
    // The example of opendocs "异步返回结果的验签" (step 2), from its received parameters. The page's
    // own string leaves out gmt_create, against its rule ("凡是通知返回回来的参数"); the SDK vector
    // below, which has gmt_create, verifies only with it in.
    const received = new URLSearchParams(
      'total_amount=2.00&buyer_id=2088102116773037&body=%E5%A4%A7%E4%B9%90%E9%80%8F2.1&trade_no=2016071921001003030200089909' +
        '&refund_fee=0.00&notify_time=2016-07-19+14%3A10%3A49&subject=%E5%A4%A7%E4%B9%90%E9%80%8F2.1&sign_type=RSA2' +
        '&charset=utf-8&notify_type=trade_status_sync&out_trade_no=0719141034-6418&gmt_close=2016-07-19+14%3A10%3A46' +
        '&gmt_payment=2016-07-19+14%3A10%3A47&trade_status=TRADE_SUCCESS&version=1.0&sign=kPbQIjX&gmt_create=2016-07-19+14%3A10%3A44' +
        '&app_id=2015102700040153&seller_id=2088102119685838&notify_id=4a91b7a78a503640467525113fb7d8bg8e',
    );
    expect(notificationContent(Object.fromEntries(received))).toBe(
      'app_id=2015102700040153&body=大乐透2.1&buyer_id=2088102116773037&charset=utf-8&gmt_close=2016-07-19 14:10:46' +
        '&gmt_create=2016-07-19 14:10:44&gmt_payment=2016-07-19 14:10:47&notify_id=4a91b7a78a503640467525113fb7d8bg8e&notify_time=2016-07-19 14:10:49' +
        '&notify_type=trade_status_sync&out_trade_no=0719141034-6418&refund_fee=0.00&seller_id=2088102119685838' +
        '&subject=大乐透2.1&total_amount=2.00&trade_no=2016071921001003030200089909&trade_status=TRADE_SUCCESS&version=1.0',
    );
  });

  it('verifies a notification Alipay signed (known vector), and nothing changed', () => {
    expect(notificationVerifies(SDK_NOTIFICATION, SDK_ALIPAY_PUBLIC_KEY)).toBe(true);
    expect(notificationVerifies({ ...SDK_NOTIFICATION, total_amount: '10.00' }, SDK_ALIPAY_PUBLIC_KEY)).toBe(
      false,
    );
    expect(notificationVerifies({ ...SDK_NOTIFICATION, extra: 'x' }, SDK_ALIPAY_PUBLIC_KEY)).toBe(false);
    const { sign: _sign, ...unsigned } = SDK_NOTIFICATION;
    expect(notificationVerifies(unsigned, SDK_ALIPAY_PUBLIC_KEY)).toBe(false);
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(notificationVerifies(SDK_NOTIFICATION, other)).toBe(false);
    // Signing sign_type too (rsaCheckV2) is another string: it does not verify.
    expect(
      rsa2Verify(alipaySignContent(SDK_NOTIFICATION), SDK_NOTIFICATION.sign!, SDK_ALIPAY_PUBLIC_KEY),
    ).toBe(false);
  });
});

describe('the page pay URL', () => {
  const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys = {
    appId: '2021000000000001',
    endpoint: 'https://openapi.alipay.com/gateway.do',
    sellerId: '',
    privateKey: app.privateKey,
    alipayPublicKey: app.publicKey,
  };
  const order = {
    outTradeNo: '20250101000000123456',
    totalAmount: '50.00',
    subject: '余额充值',
    notifyUrl: 'https://console.example.com/api/payment/notify/alipay',
    returnUrl: 'https://console.example.com/payment/handoff/20250101000000123456/5000/x',
  };

  it('carries the public parameters and biz_content, RSA2-signed over all but sign', () => {
    const url = new URL(pagePayUrl(keys, order, new Date('2025-01-01T00:00:00Z')));
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    expect(url.search).toContain('timestamp=2025-01-01%2008%3A00%3A00');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: keys.appId,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: order.outTradeNo,
      total_amount: '50.00',
      subject: '余额充值',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    expect(rsa2Verify(alipaySignContent(params), params.sign!, app.publicKey)).toBe(true);
    expect(
      rsa2Verify(alipaySignContent({ ...params, return_url: 'https://evil' }), params.sign!, app.publicKey),
    ).toBe(false);
  });
});
