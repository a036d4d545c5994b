import type { MessageKey, OrderState } from '@nimbus/contract';

/**
 * Why an order in `state` cannot be paid or closed (spec §8 order messages). Only an unpaid
 * order changes; paying a paid one is the "do not pay repeatedly" answer.
 */
export function refusalOf(state: OrderState, action: 'pay' | 'close'): MessageKey | undefined {
  switch (state) {
    case 'unpaid':
      return undefined;
    case 'paid':
      return action === 'pay' ? 'order.payRepeatedly' : 'order.alreadyPaid';
    case 'timeout':
      return 'order.timedOut';
    case 'closed':
      return 'order.closed';
    case 'voided':
      return 'order.voided';
    case 'refunded':
      return 'order.refunded';
  }
}

/** `yyyyMMddHHmmss` in UTC then six random digits: sortable, and not guessable one from another. */
export function newSerialNumber(now: Date, random: () => number): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const tail = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
  return `${stamp}${tail}`;
}
