import { z } from 'zod';
import { endpointField, requiredText, secretField } from './common';

/** PEM text of the given kinds; the server parses it for real (this only catches a wrong paste). */
const pemOf = (kinds: string) =>
  new RegExp(`-----BEGIN (?:${kinds})-----[\\s\\S]+-----END (?:${kinds})-----`);
const PRIVATE_PEM = pemOf('PRIVATE KEY|RSA PRIVATE KEY');
const PUBLIC_PEM = pemOf('PUBLIC KEY|CERTIFICATE');

/**
 * WeChat Pay API v3, Native payment (WXPAY_CONFIG_KEY): the merchant signs its requests with
 * its API certificate's private key (declaring that certificate's serial number), WeChat Pay
 * signs its answers and notifications with the key it publishes to the merchant — the
 * "WeChat Pay public key" (id `PUB_KEY_ID_…`) or, on older accounts, a platform certificate
 * (its serial number) — and encrypts the notification's content with the APIv3 key.
 * Named `wechatPay…` because `wechatConfigSchema` is WeChat login's (api/wechat.ts).
 */
export const wechatPayConfigSchema = z.object({
  endpoint: endpointField('https://api.mch.weixin.qq.com'),
  /** The AppID bound to the merchant (official account, mini program or app). */
  appId: requiredText(32),
  mchId: requiredText(32),
  /** Serial number of the merchant API certificate whose private key signs the requests. */
  merchantSerialNo: requiredText(64),
  /** apiclient_key.pem. */
  privateKey: secretField(8192).refine((pem) => pem === '' || PRIVATE_PEM.test(pem), 'validation.invalid'),
  /** 32 characters, set in the merchant platform's API security page. */
  apiV3Key: secretField(32).refine(
    (key) => key === '' || /^[\x21-\x7e]{32}$/.test(key),
    'validation.invalid',
  ),
  /** The WeChat Pay public key (pub_key.pem), or the platform certificate, verifying what WeChat Pay signs. */
  platformPublicKey: requiredText(8192).regex(PUBLIC_PEM, 'validation.invalid'),
  /** Its id (PUB_KEY_ID_…) or the certificate's serial number: WeChat Pay names it in `Wechatpay-Serial`. */
  platformSerial: requiredText(64),
});
export type WechatPayConfig = z.infer<typeof wechatPayConfigSchema>;
export const WECHAT_PAY_SECRET_FIELDS = ['privateKey', 'apiV3Key'] as const;
