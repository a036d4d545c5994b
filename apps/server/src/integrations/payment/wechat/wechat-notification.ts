import { z } from 'zod';
import type { VerifiedPayment } from '../gateway';
import { decryptResource } from './wechat-aead';

/**
 * The notification's envelope ("支付成功回调通知"), its documented members only; only the
 * encrypted resource is read.
 */
const envelopeSchema = z.strictObject({
  id: z.string().optional(),
  create_time: z.string().optional(),
  event_type: z.string().optional(),
  summary: z.string().optional(),
  resource_type: z.literal('encrypt-resource'),
  resource: z.strictObject({
    algorithm: z.string(),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
    original_type: z.string().optional(),
  }),
});

/** The decrypted transaction: amounts in integer cents (fen). */
const transactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().min(1).max(32),
  transaction_id: z.string().min(1).max(32),
  trade_state: z.string(),
  amount: z.object({
    total: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    // Domestic merchant accounts take CNY only ("境内商户号仅支持人民币"), so an absent one is CNY.
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .default('CNY'),
  }),
});

export interface NotificationKeys {
  appId: string;
  mchId: string;
  apiV3Key: string;
}

/**
 * What a notification (whose signature already verified) says, or null when it cannot be read:
 * not JSON, not an encrypted transaction, not decryptable with our APIv3 key, or about another
 * merchant or app.
 */
export function readNotification(keys: NotificationKeys, rawBody: string): VerifiedPayment | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return null;
  const plaintext = decryptResource(keys.apiV3Key, envelope.data.resource);
  if (plaintext === null) return null;
  let transaction: z.infer<typeof transactionSchema>;
  try {
    const parsed = transactionSchema.safeParse(JSON.parse(plaintext));
    if (!parsed.success) return null;
    transaction = parsed.data;
  } catch {
    return null;
  }
  if (transaction.mchid !== keys.mchId || transaction.appid !== keys.appId) return null;
  return {
    outTradeNo: transaction.out_trade_no,
    tradeNo: transaction.transaction_id,
    totalAmount: transaction.amount.total,
    currency: transaction.amount.currency.toUpperCase(),
    paid: transaction.trade_state === 'SUCCESS',
  };
}
