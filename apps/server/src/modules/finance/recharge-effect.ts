import type { OrderEffect } from '../order/order-effects';
import { financeRepository } from './finance.repository';

/** Type 2: a paid recharge order credits its amount to the balance, with the order on the ledger row. */
export const rechargeEffect: OrderEffect = {
  async fulfil(tx, order) {
    const credited = await financeRepository(tx).apply({
      customerId: order.customerId,
      amount: order.amount,
      reason: 'recharge',
      note: order.body,
      orderSerial: order.serialNumber,
    });
    if (!credited) throw new Error(`recharge ${order.serialNumber}: customer ${order.customerId} is gone`);
  },
  async revoke() {
    // REFUNDABLE_ORDER_TYPES leaves recharges out: the money is the customer's balance already.
    throw new Error('recharge orders are not refundable');
  },
};
