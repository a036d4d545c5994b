import type { Order } from '@nimbus/contract';

/** An unpaid plan purchase of ¥99.00; tests override what they look at. */
export function orderFixture(patch: Partial<Order> = {}): Order {
  return {
    serialNumber: '20261123000000123456',
    userId: 7,
    username: 'demo',
    type: 10,
    state: 'unpaid',
    amount: 9_900,
    currency: 'CNY',
    body: 'Basic CDN',
    productId: 1,
    planId: null,
    cycle: 'm',
    quantity: 1,
    payMethod: null,
    createtime: '2026-11-23T03:00:00Z',
    expiresAt: '2026-11-23T03:30:00Z',
    paidAt: null,
    endedAt: null,
    voidReason: null,
    ...patch,
  };
}

export const pageOf = <T>(list: T[], totalCount = list.length) => ({
  list,
  totalCount,
  pageSize: 20,
  currPage: 1,
});
