import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { ORDER_STATES, PAYMENT_METHODS, type PaymentMethod } from './order';

/**
 * Online payment through gateways (issue 8 §2): an unpaid order (a recharge, or any other order)
 * is handed to a gateway the admin has configured and switched on; the gateway's signed
 * asynchronous notification pays it. Each gateway is one adapter under the server's
 * `integrations/payment/<gateway>/`, configured by its system config key (secrets write-only).
 *
 *   GET  app/finance/payment/channels              → PaymentChannel[] (the gateways switched on)
 *   POST app/finance/recharge     RechargeRequest   → PaymentHandoff (a type 2 order handed to the gateway)
 *   POST app/finance/order/gateway  GatewayPayRequest → PaymentHandoff (an unpaid order handed over)
 *   POST payment/notify/{gateway}  (the gateway's own format) → the gateway's own acknowledgement
 *   POST sys/finance/payment/credited/list  ListQuery → Page<CreditedPayment>
 *
 * Each (gateway, trade number) acts once (issue 17 §1): a repeated notification is acknowledged
 * with no effect. A further trade for an order already paid, voided or refunded goes to the
 * customer's balance once and is listed for the admins (credited/list).
 *
 * The web's hand-off route `/payment/handoff/{outTradeNo}/{totalAmount}/{body}` (spec §2) shows
 * the PaymentHandoff's action (go to the gateway's page, or a QR code to scan) and waits for the
 * order to be paid; it is entered only from the order, recharge and verification screens.
 */
export const PAYMENT_PATHS = {
  channels: 'app/finance/payment/channels',
  recharge: 'app/finance/recharge',
  gatewayPay: 'app/finance/order/gateway',
  /** Public: `payment/notify/alipay` and so on. */
  notify: 'payment/notify',
  adminCredited: 'sys/finance/payment/credited/list',
} as const;

/** Each gateway: its payment method (spec §4) and its system config key (spec §3 feature switches). */
export const PAYMENT_GATEWAYS = {
  alipay: { method: PAYMENT_METHODS.alipay, configKey: 'ALIPAY_CONFIG_KEY' },
  wechat: { method: PAYMENT_METHODS.wechat, configKey: 'WXPAY_CONFIG_KEY' },
  stripe: { method: PAYMENT_METHODS.stripe, configKey: 'STRIPE_PAY_CONF' },
  tokenpay: { method: PAYMENT_METHODS.crypto, configKey: 'TOKEN_PAY_CONF' },
  easypay: { method: PAYMENT_METHODS.easyPay, configKey: 'CCCYUN_PAY_CONF' },
  allinpay: { method: PAYMENT_METHODS.allinpay, configKey: 'ALLINPAY_PAY_CONF' },
} as const satisfies Record<string, { method: PaymentMethod; configKey: string }>;
export type PaymentGatewayName = keyof typeof PAYMENT_GATEWAYS;
export const PAYMENT_GATEWAY_NAMES = Object.keys(PAYMENT_GATEWAYS) as PaymentGatewayName[];

export const paymentChannelSchema = z.object({
  gateway: z.enum(PAYMENT_GATEWAY_NAMES as [PaymentGatewayName, ...PaymentGatewayName[]]),
  method: z.number().int(),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

const gateway = z.enum(PAYMENT_GATEWAY_NAMES as [PaymentGatewayName, ...PaymentGatewayName[]], {
  message: 'validation.invalid',
});

/**
 * The customer console that hands the order over: the gateway sends the browser back into it
 * (the DNS console lives under /dns). The path comes from this name, never from a header.
 */
export const PAYMENT_CONSOLES = ['cdn', 'dns'] as const;
export type PaymentConsole = (typeof PAYMENT_CONSOLES)[number];
const paymentConsole = z.enum(PAYMENT_CONSOLES, { message: 'validation.invalid' }).optional();

/** Spec §5: a whole amount (in the price unit), chosen or entered; the minimum is web config `price.rechargeMinimum`. */
export const RECHARGE_MAX_UNITS = 1_000_000;
export const rechargeRequestSchema = z.object({
  amount: z
    .number({ message: 'validation.required' })
    .int('finance.rechargeWhole')
    .min(1, 'finance.rechargeWhole')
    .max(RECHARGE_MAX_UNITS, 'validation.invalid'),
  gateway,
  console: paymentConsole,
});
export type RechargeRequest = z.input<typeof rechargeRequestSchema>;

export const gatewayPayRequestSchema = z.object({
  serialNumber: z.string().trim().min(1, 'validation.required').max(32, 'validation.invalid'),
  gateway,
  console: paymentConsole,
});
export type GatewayPayRequest = z.input<typeof gatewayPayRequestSchema>;

/** What the browser does to pay: go to the gateway's page, post a form to it, or show a QR code. */
export const paymentActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('form'), url: z.string(), fields: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal('qr'), content: z.string() }),
]);
export type PaymentAction = z.infer<typeof paymentActionSchema>;

export const paymentHandoffSchema = z.object({
  gateway: z.string(),
  outTradeNo: z.string(),
  /** Integer cents. */
  totalAmount: z.number().int(),
  body: z.string(),
  action: paymentActionSchema,
});
export type PaymentHandoff = z.infer<typeof paymentHandoffSchema>;

export const creditedPaymentListRequestSchema = listQuerySchema;
export type CreditedPaymentListRequest = z.input<typeof creditedPaymentListRequestSchema>;

/** A gateway payment its order could not take (already paid, voided, refunded): it went to the balance. */
export const creditedPaymentSchema = z.object({
  gateway: z.string(),
  /** The provider's transaction number. */
  tradeNo: z.string(),
  orderSerial: z.string(),
  userId: z.number().int(),
  username: z.string(),
  /** Integer cents, credited to the balance. */
  amount: z.number().int(),
  currency: z.string(),
  /** The order's state when the payment arrived. */
  orderState: z.enum(ORDER_STATES),
  createtime: z.string(),
});
export type CreditedPayment = z.infer<typeof creditedPaymentSchema>;
export const creditedPaymentPageSchema = pageSchema(creditedPaymentSchema);
