import { z } from 'zod';
import { formatDate } from '../formatters/dates';

/**
 * Monthly settlement of what CDN plans used beyond their price (issue 19 §4, ADR 0044):
 *
 * - `peak` (billing mode 2): the month's average daily peak bandwidth, in Mbps;
 * - `p95` (billing mode 3): the month's 95th-percentile bandwidth, in Mbps;
 * - `overage` (billing mode 1, web config price.trafficOverage on): traffic past the quota, in GB.
 *
 * Each is the figure times the product's usage price (cents per Mbps for a month, or per GB),
 * rounded once to whole cents (`settlementCents`). Charged from the balance, or left as an unpaid
 * order of type 14 when the balance cannot cover it.
 */
export const SETTLEMENT_KINDS = ['overage', 'peak', 'p95'] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

/** The kind of settlement a billing mode's plan gets (mode 1 only when the overage is billed). */
export const SETTLEMENT_KIND_OF_MODE: Record<1 | 2 | 3, SettlementKind> = {
  1: 'overage',
  2: 'peak',
  3: 'p95',
};

/**
 * The amount of a settlement in cents: the exact figure (Mbps or GB) times the unit price,
 * rounded once, half up, to a whole cent. Nothing is rounded before: the figure shown is the
 * figure billed.
 */
export function settlementCents(figure: number, unitPriceCents: number): number {
  if (!(figure > 0) || !(unitPriceCents > 0)) return 0;
  return Math.round(figure * unitPriceCents);
}

/** One settled month of one plan, as its ledger row and its order show it. */
export const settlementSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  /** The month's first instant in the display time zone, ISO. */
  month: z.string(),
  kind: z.enum(SETTLEMENT_KINDS),
  /** Mbps (peak, p95) or GB (overage), unrounded. */
  figure: z.number(),
  unitPriceCents: z.number().int(),
  amount: z.number().int(),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** This month so far, priced as it would settle now (plan/usage). */
export const settlementEstimateSchema = settlementSchema.omit({ planId: true, month: true });
export type SettlementEstimate = z.infer<typeof settlementEstimateSchema>;

/** What a settlement's figure is counted in. */
export const settlementUnit = (kind: SettlementKind): 'GB' | 'Mbps' => (kind === 'overage' ? 'GB' : 'Mbps');

/** '12.35 Mbps', '3.10 GB': the figure as ledgers and notices show it (the amount uses it unrounded). */
export const formatSettlementFigure = (kind: SettlementKind, figure: number): string =>
  `${figure.toFixed(2)} ${settlementUnit(kind)}`;

/** 'YYYY-MM' of a settled month, in the display time zone metering counts months in. */
export const formatSettlementMonth = (month: string | Date): string => formatDate(month).slice(0, 7);
