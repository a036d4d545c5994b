import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';

/**
 * Orders (issue 8 §2, spec §4): every purchase, renewal, upgrade, value-added service and
 * recharge is an order with a serial number, paid once, by the balance (method 0), by an
 * administrator (1) or by a gateway. Money is integer cents. An unpaid order times out after
 * the web config's `price.orderTimeoutMinutes`.
 *
 *   POST app/finance/order/list     OrderListRequest      → Page<Order> (own orders)
 *   GET  app/finance/order/detail   ?serialNumber=         → Order
 *   POST app/finance/order/pay      OrderPayRequest       → Order (balance payment)
 *   POST app/finance/order/close    OrderSerialRequest    → Order
 *   POST sys/finance/order/list     AdminOrderListRequest → Page<Order>
 *   GET  sys/finance/order/detail   ?serialNumber=         → Order
 *   POST sys/finance/order/paid     AdminOrderActionRequest → Order (back-office payment, audited)
 *   POST sys/finance/order/refund   AdminOrderActionRequest → Order (to the balance, audited)
 *   POST sys/finance/order/void     AdminOrderActionRequest → Order (unpaid only, audited)
 *   GET  app/account/user/propertyPayPassword/set        → PayPasswordStatus
 *   POST app/account/user/propertyPayPassword/reset  PayPasswordResetRequest → PayPasswordStatus
 */
export const ORDER_PATHS = {
  list: 'app/finance/order/list',
  detail: 'app/finance/order/detail',
  pay: 'app/finance/order/pay',
  close: 'app/finance/order/close',
  adminList: 'sys/finance/order/list',
  adminDetail: 'sys/finance/order/detail',
  adminPaid: 'sys/finance/order/paid',
  adminRefund: 'sys/finance/order/refund',
  adminVoid: 'sys/finance/order/void',
  payPasswordStatus: 'app/account/user/propertyPayPassword/set',
  payPasswordReset: 'app/account/user/propertyPayPassword/reset',
} as const;

/** Spec §4 order types; `order.type.<n>` names each. */
export const ORDER_TYPES = {
  realName: 1,
  recharge: 2,
  planPurchase: 10,
  renewal: 11,
  vas: 12,
  upgrade: 13,
  /**
   * Not in spec §4 (ADR 0044): a month's bandwidth or traffic overage of a plan that the balance
   * could not cover. None of the spec's types fits: each names what paying it gives (a plan, days,
   * traffic ahead), and this one gives nothing but a settled debt. In the plan group, after 13.
   */
  usageSettlement: 14,
  sslPurchase: 20,
  sslRenewal: 21,
  freeSsl: 22,
  freeSslRenewal: 23,
  prepaidPlan: 30,
} as const;

/** Orders whose effect a refund to the balance can undo (recharges and fees cannot be). */
export const REFUNDABLE_ORDER_TYPES: readonly number[] = [
  ORDER_TYPES.planPurchase,
  ORDER_TYPES.renewal,
  ORDER_TYPES.vas,
  ORDER_TYPES.sslPurchase,
  ORDER_TYPES.sslRenewal,
  // Only while nothing was drawn from it (the server refuses otherwise, plan.packageDrawn).
  ORDER_TYPES.prepaidPlan,
];
/**
 * Orders for what was already used: they never time out and a customer cannot close them (an
 * administrator may void one); they stay unpaid until paid.
 */
export const OWED_ORDER_TYPES: readonly number[] = [ORDER_TYPES.usageSettlement];

export type OrderType = (typeof ORDER_TYPES)[keyof typeof ORDER_TYPES];
export const ORDER_TYPE_VALUES = Object.values(ORDER_TYPES) as OrderType[];

/** Spec §4 order states; `order.state.<s>` names each. Only `unpaid` can change to another. */
export const ORDER_STATES = ['unpaid', 'paid', 'refunded', 'closed', 'voided', 'timeout'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * Why the server voided an order (an administrator's void keeps its note in the audit log):
 * `basis_changed`, a gateway's money arrived after what the order was priced from had changed
 * (the plan's end, its product, a price), so the order was not fulfilled and the money went to
 * the balance (ADR 0029). `order.voidReason.<r>` names each.
 */
export const ORDER_VOID_REASONS = ['basis_changed'] as const;
export type OrderVoidReason = (typeof ORDER_VOID_REASONS)[number];

/** Spec §4 payment methods; `order.method.<n>` names each. */
export const PAYMENT_METHODS = {
  balance: 0,
  backOffice: 1,
  alipay: 2,
  wechat: 3,
  stripe: 4,
  bankCard: 5,
  online: 7,
  crypto: 8,
  easyPay: 9,
  allinpay: 10,
} as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[keyof typeof PAYMENT_METHODS];

const isoDate = z.iso.datetime({ offset: true, message: 'validation.invalid' });
const serialNumber = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(32, 'validation.invalid');

export const orderListRequestSchema = listQuerySchema.extend({
  type: z.coerce
    .number()
    .refine((n) => (ORDER_TYPE_VALUES as number[]).includes(n), 'validation.invalid')
    .optional(),
  state: z.enum(ORDER_STATES, { message: 'validation.invalid' }).optional(),
  /** Spec §5 date range: the first day's 00:00:00 and the last day's 23:59:59, as ISO instants. */
  startTime: isoDate.optional(),
  endTime: isoDate.optional(),
  /** A whole serial number or its beginning. */
  serialNumber: z.string().trim().max(32, 'validation.invalid').optional(),
});
export type OrderListRequest = z.input<typeof orderListRequestSchema>;
export type OrderListQuery = z.infer<typeof orderListRequestSchema>;

export const adminOrderListRequestSchema = orderListRequestSchema.extend({
  username: z.string().trim().max(64).optional(),
});
export type AdminOrderListRequest = z.input<typeof adminOrderListRequestSchema>;
export type AdminOrderListQuery = z.infer<typeof adminOrderListRequestSchema>;

export const orderSerialRequestSchema = z.object({ serialNumber });
export type OrderSerialRequest = z.input<typeof orderSerialRequestSchema>;

/** Six digits: asked for every balance payment once it is set. */
export const payPasswordSchema = z
  .string({ message: 'validation.required' })
  .regex(/^\d{6}$/, 'order.payPasswordFormat');

export const orderPayRequestSchema = z.object({
  serialNumber,
  /** Required when the customer has set a pay password. */
  payPassword: z.string().max(64).optional(),
});
export type OrderPayRequest = z.input<typeof orderPayRequestSchema>;

export const adminOrderActionRequestSchema = z.object({
  serialNumber,
  /** Why: kept in the audit log and, for a refund, on the ledger row the customer sees. */
  note: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
});
export type AdminOrderActionRequest = z.input<typeof adminOrderActionRequestSchema>;

export const orderSchema = z.object({
  serialNumber: z.string(),
  userId: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  state: z.enum(ORDER_STATES),
  /** Integer cents to pay. */
  amount: z.number().int(),
  /** ISO 4217 (web config `price.currency` when placed). */
  currency: z.string(),
  /** What was bought, in the words of the moment it was ordered. */
  body: z.string(),
  productId: z.number().int().nullable(),
  planId: z.number().int().nullable(),
  cycle: z.string().nullable(),
  quantity: z.number().int(),
  payMethod: z.number().int().nullable(),
  createtime: z.string(),
  /** When an unpaid order times out. */
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** When it was closed, voided, timed out or refunded. */
  endedAt: z.string().nullable(),
  /** Why the server voided it; null otherwise. */
  voidReason: z.enum(ORDER_VOID_REASONS).nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderPageSchema = pageSchema(orderSchema);

export const payPasswordStatusSchema = z.object({ set: z.boolean() });
export type PayPasswordStatus = z.infer<typeof payPasswordStatusSchema>;

export const payPasswordResetRequestSchema = z
  .object({
    /** The login password proves it is the account's owner. */
    password: z.string({ message: 'validation.required' }).min(1, 'validation.required').max(64),
    payPassword: payPasswordSchema,
    confirmPayPassword: z.string({ message: 'validation.required' }),
  })
  .refine((value) => value.payPassword === value.confirmPayPassword, {
    path: ['confirmPayPassword'],
    message: 'validation.passwordMismatch',
  });
export type PayPasswordResetRequest = z.input<typeof payPasswordResetRequestSchema>;
