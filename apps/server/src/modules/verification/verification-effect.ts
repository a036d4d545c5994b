import { FACE_PROVIDER_ADAPTERS } from '../../integrations/certification';
import type { OrderEffect } from '../order/order-effects';
import { enabledFaceProvider } from './face-providers';
import { verificationRepository } from './verification.repository';

/** Type 1: the paid fee moves the verification on to the face check, or to an admin's review. */
export const verificationFeeEffect: OrderEffect = {
  async fulfil(tx, order) {
    const repo = verificationRepository(tx);
    const row = await repo.byOrder(order.serialNumber);
    if (row?.state !== 'fee_unpaid') return;
    const face = await enabledFaceProvider(tx, FACE_PROVIDER_ADAPTERS);
    await repo.update(row.id, { state: face ? 'face_pending' : 'review' });
  },
  async revoke() {
    // REFUNDABLE_ORDER_TYPES leaves the fee out: the check it paid for has been done or is under way.
    throw new Error('verification fee orders are not refundable');
  },
};
