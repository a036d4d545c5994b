import { addCycles, type BillingCycleUnit } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../platform/http/app-error';
import type { OrderEffect } from '../order/order-effects';
import { productRepository } from '../product/product.repository';
import { planOrderBasis } from './plan-basis';
import { requestPlanSweep } from './plan-expiry';
import { trafficPackages } from './plan.schema';
import { BYTES_PER_GB } from './traffic-quota';
import { packageDrawnFrom } from './traffic-packages';

/**
 * Type 30: a traffic package, valid from payment for one cycle; a quantity of n buys n times the
 * traffic (n cycles of validity would sell the same bytes for n times the price). A refund removes it, but
 * only while nothing was drawn from it: traffic already served from it cannot be given back, and
 * no rule prices part of a package, so a drawn one stays (the admin may credit the balance).
 */
export const packageEffect: OrderEffect = {
  async basis(tx, order) {
    const product = order.productId === null ? undefined : await productRepository(tx).byId(order.productId);
    return product ? planOrderBasis.purchase(product, order.cycle) : null;
  },
  async fulfil(tx, order, now) {
    const product = order.productId === null ? undefined : await productRepository(tx).byId(order.productId);
    // Products are never deleted, only taken off sale; the order keeps its id.
    if (!product) throw new Error(`order ${order.serialNumber} has no product`);
    await tx.insert(trafficPackages).values({
      customerId: order.customerId,
      productId: product.id,
      name: product.name,
      bytes: Number(product.attrs.traffic ?? 0) * BYTES_PER_GB * order.quantity,
      startsAt: now,
      endsAt: addCycles(now, order.cycle as BillingCycleUnit, 1),
      orderSerial: order.serialNumber,
    });
    // More traffic brings back sites stopped by a used-up quota at once.
    await requestPlanSweep(tx);
  },
  async revoke(tx, order) {
    const [pkg] = await tx
      .select()
      .from(trafficPackages)
      .where(eq(trafficPackages.orderSerial, order.serialNumber))
      .for('update');
    if (!pkg) return;
    if (await packageDrawnFrom(tx, pkg.id)) throw badRequest('plan.packageDrawn');
    await tx.delete(trafficPackages).where(eq(trafficPackages.id, pkg.id));
    await requestPlanSweep(tx);
  },
};
