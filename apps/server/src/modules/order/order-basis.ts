import { isDeepStrictEqual } from 'node:util';
import type { DbOrTx } from '../../platform/db/database';
import { conflict } from '../../platform/http/app-error';
import { effectOf } from './order-effects';
import type { OrderRow } from './order.schema';

/**
 * Whether what the order was priced from still holds (ADR 0029). Plan orders placed before the
 * basis was stored have none to compare, so they do not hold: the customer places a new one.
 * Call it with the order's row locked, in the transaction that fulfils it, so nothing changes
 * between the comparison and the effect.
 */
export async function basisHolds(tx: DbOrTx, order: OrderRow, now: Date): Promise<boolean> {
  const { basis } = effectOf(order.type);
  if (!basis) return true;
  if (order.basis === null) return false;
  const current = await basis(tx, order, now);
  // jsonb keeps its own key order; the comparison is by value.
  return current !== null && isDeepStrictEqual(current, order.basis);
}

/** Refuses to take money for an order whose basis changed, asking for a new order. */
export async function refuseChangedBasis(tx: DbOrTx, order: OrderRow, now: Date): Promise<void> {
  if (!(await basisHolds(tx, order, now))) throw conflict('order.basisChanged');
}
