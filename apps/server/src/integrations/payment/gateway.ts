import type { PaymentAction, PaymentGatewayName } from '@nimbus/contract';

/**
 * One payment gateway (issue 8 §2): an adapter per provider under this folder signs requests
 * and verifies asynchronous notifications exactly as its provider documents. Adapters do no
 * bookkeeping: the payment service (modules/payment) decides what a verified notification pays.
 */
export interface GatewayOrder {
  /** Our order's serial number: the provider's out_trade_no / merchant order id. */
  outTradeNo: string;
  /** Integer cents. */
  totalAmount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What is bought, shown on the provider's page. */
  body: string;
  /** Where the provider sends its asynchronous notification (our `payment/notify/<gateway>`). */
  notifyUrl: string;
  /** Where the provider sends the browser back (our hand-off page). */
  returnUrl: string;
  clientIp: string;
}

/** A notification as it reached us: the raw body is kept byte for byte for signature checks. */
export interface GatewayNotification {
  method: string;
  headers: Readonly<Record<string, string | undefined>>;
  /** The query string as sent, without `?`: a repeated name must stay visible to the adapter. */
  rawQuery: string;
  rawBody: string;
}

/** What a notification says once its signature verified. */
export interface VerifiedPayment {
  outTradeNo: string;
  /** The provider's own transaction number. */
  tradeNo: string;
  /** Integer cents. */
  totalAmount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** False when it reports anything but a completed payment (closed, refunded, pending…). */
  paid: boolean;
}

/** The provider's expected answer to a notification. */
export interface GatewayReply {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentGateway<Config> {
  name: PaymentGatewayName;
  /** The stored configuration (secrets included), validated; throws when it is incomplete. */
  parseConfig(value: unknown): Config;
  /** Creates the payment at the provider when needed, and says what the browser does next. */
  start(config: Config, order: GatewayOrder): Promise<PaymentAction>;
  /**
   * Null when the signature does not verify, the notification cannot be read, or it carries a
   * parameter its provider does not document for notifications (notification-params.ts).
   */
  verify(config: Config, notification: GatewayNotification): Promise<VerifiedPayment | null>;
  /** What to answer: `ok` once handled (also for a duplicate), `fail` to have the provider retry. */
  reply: { ok: GatewayReply; fail: GatewayReply };
}
