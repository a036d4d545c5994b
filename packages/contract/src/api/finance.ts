import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { settlementSchema } from './settlement';

/**
 * The balance (payment method 0) and its ledger (issue 8 §2): every change of a customer's
 * balance is one ledger row with its reason, in the same transaction as the change, so the
 * balance always equals the sum of the ledger and never goes below zero. Money is integer
 * cents.
 *
 *   POST app/finance/ledger/list   LedgerListRequest        → Page<LedgerEntry> (own rows)
 *   POST sys/finance/ledger/list   AdminLedgerListRequest   → Page<LedgerEntry>
 *   GET  sys/finance/balance       ?username=               → CustomerBalance
 *   POST sys/finance/recharge      ManualRechargeRequest    → ManualRechargeResult (audited)
 */
export const FINANCE_PATHS = {
  ledger: 'app/finance/ledger/list',
  adminLedger: 'sys/finance/ledger/list',
  adminBalance: 'sys/finance/balance',
  adminRecharge: 'sys/finance/recharge',
} as const;

/** Why a balance changed: `finance.reason.<reason>` names it. */
export const LEDGER_REASONS = [
  'manual_credit',
  'manual_debit',
  'recharge',
  'order_payment',
  'refund',
  // A plan's month of bandwidth or traffic overage (ADR 0044).
  'settlement',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** A manual credit or debit is at most this much (¥10,000,000.00): a typo's extra zeros stop here. */
export const MANUAL_RECHARGE_MAX_CENTS = 1_000_000_000;
export const LEDGER_NOTE_MAX = 200;

const isoDate = z.iso.datetime({ offset: true, message: 'validation.invalid' });

export const ledgerListRequestSchema = listQuerySchema.extend({
  reason: z.enum(LEDGER_REASONS, { message: 'validation.invalid' }).optional(),
  /** Spec §5 date range: the first day's 00:00:00 and the last day's 23:59:59, as ISO instants. */
  startTime: isoDate.optional(),
  endTime: isoDate.optional(),
});
export type LedgerListRequest = z.input<typeof ledgerListRequestSchema>;
export type LedgerListQuery = z.infer<typeof ledgerListRequestSchema>;

export const adminLedgerListRequestSchema = ledgerListRequestSchema.extend({
  /** One customer's rows (exact id), or none for every customer's. */
  userId: z.coerce.number().int().positive().optional(),
});
export type AdminLedgerListRequest = z.input<typeof adminLedgerListRequestSchema>;
export type AdminLedgerListQuery = z.infer<typeof adminLedgerListRequestSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  /** Signed cents: a credit is positive, a debit negative. */
  amount: z.number().int(),
  /** The balance right after this change. */
  balanceAfter: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  note: z.string(),
  /** The order it paid or refunded, if any. */
  orderSerial: z.string().nullable(),
  /** What a settlement row (or the payment of a settlement order) was for: figure, price, month, plan. */
  settlement: settlementSchema.nullable(),
  createtime: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerPageSchema = pageSchema(ledgerEntrySchema);

export const customerBalanceQuerySchema = z.object({
  username: z.string().trim().min(1, 'validation.required').max(64),
});
export const customerBalanceSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  balance: z.number().int(),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;

export const manualRechargeRequestSchema = z.object({
  userId: z.number().int().positive({ message: 'validation.required' }),
  direction: z.enum(['credit', 'debit'], { message: 'validation.invalid' }),
  /** Whole cents, more than zero. */
  amount: z
    .number({ message: 'validation.required' })
    .int('finance.amountInvalid')
    .min(1, 'finance.amountInvalid')
    .max(MANUAL_RECHARGE_MAX_CENTS, 'finance.amountTooLarge'),
  /** Why: kept with the ledger row and shown to the customer. */
  note: z.string().trim().min(1, 'validation.required').max(LEDGER_NOTE_MAX, 'validation.tooLong'),
});
export type ManualRechargeRequest = z.input<typeof manualRechargeRequestSchema>;

export const manualRechargeResultSchema = z.object({
  balance: z.number().int(),
  entry: ledgerEntrySchema,
});
export type ManualRechargeResult = z.infer<typeof manualRechargeResultSchema>;
