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

/**
 * A hand-off the console keeps for a provider that takes each order number once (Allinpay): asked
 * again for the same order, it hands this back while valid instead of asking the provider again.
 */
export interface KeptHandoff {
  /** The number the provider's order was placed under: ours, or ours with a suffix for a later one. */
  reference: string;
  /** What the browser was given (the QR code). */
  action: PaymentAction;
  /** When the provider stops taking payment on it. */
  validUntil: Date;
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
   * Used instead of `start` by a provider that refuses a second order under the same number. It
   * gets the order's earlier hand-off, as the service kept it: still valid, it answers it as it
   * was; expired, it closes it at the provider first, then places the order under a new number.
   * The service keeps what it answers for the next time.
   */
  startOnce?(
    config: Config,
    order: GatewayOrder,
    earlier: KeptHandoff | undefined,
    now: Date,
  ): Promise<KeptHandoff>;
  /**
   * Null when the signature does not verify, the notification cannot be read, or it carries a
   * parameter its provider does not document for notifications (notification-params.ts).
   */
  verify(config: Config, notification: GatewayNotification): Promise<VerifiedPayment | null>;
  /** What to answer: `ok` once handled (also for a duplicate), `fail` to have the provider retry. */
  reply: { ok: GatewayReply; fail: GatewayReply };
}
