import { addCycles, CERTIFICATE_RENEW_DAYS, type BillingCycleUnit } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { addJob } from '../../platform/jobs/jobs';
import type { OrderEffect } from '../order/order-effects';
import type { OrderBasis, OrderRow } from '../order/order.schema';
import { productRepository } from '../product/product.repository';
import type { ProductRow } from '../product/product.schema';
import { issueJob } from './acme.service';
import { certificates, sslOrders } from './certificate.schema';
import { certificateRepository } from './certificate.repository';

const DAY_MS = 86_400_000;

/** The price of one cycle of `unit`, or null when the product has none. */
const unitPrice = (product: Pick<ProductRow, 'prices'> | undefined, unit: string | null) =>
  product?.prices.find((price) => price.unit === unit)?.cents ?? null;

/**
 * What a certificate order's price rests on (ADR 0029), stored when placed and compared when
 * paid: a purchase, its product on sale at that price; a renewal, the certificate's product's
 * price for the cycle.
 */
export const sslOrderBasis = {
  purchase: (product: Pick<ProductRow, 'id' | 'onSale' | 'prices'>, cycle: string): OrderBasis => ({
    productId: product.id,
    onSale: product.onSale,
    price: unitPrice(product, cycle),
  }),
  renewal: (
    certificateId: number,
    product: Pick<ProductRow, 'id' | 'prices'> | undefined,
    cycle: string,
  ) => ({
    certificateId,
    productId: product?.id ?? null,
    price: unitPrice(product, cycle),
  }),
};

async function linkOf(tx: DbOrTx, order: OrderRow) {
  const [link] = await tx.select().from(sslOrders).where(eq(sslOrders.orderId, order.id));
  // Certificate orders are placed with their link in one transaction; none here is a bug.
  if (!link) throw new Error(`order ${order.serialNumber} has no certificate order`);
  return link;
}

async function certificateOf(tx: DbOrTx, order: OrderRow) {
  const { certificateId } = await linkOf(tx, order);
  if (certificateId === null) return undefined;
  const [cert] = await tx.select().from(certificates).where(eq(certificates.id, certificateId)).for('update');
  return cert;
}

const cycleOf = (order: OrderRow) => order.cycle as BillingCycleUnit;

const purchase: OrderEffect = {
  async basis(tx, order) {
    const product = order.productId === null ? undefined : await productRepository(tx).byId(order.productId);
    return product ? sslOrderBasis.purchase(product, order.cycle ?? '') : null;
  },
  /** The certificate, paid for the cycles bought, issued by the product's CA once committed. */
  async fulfil(tx, order, now) {
    const link = await linkOf(tx, order);
    const certificateId = await certificateRepository(tx).insert({
      customerId: order.customerId,
      name: link.name || link.domains[0]!,
      source: 'acme',
      status: 'applying',
      domains: link.domains,
      autoRenew: true,
      productId: order.productId,
      paidUntil: addCycles(now, cycleOf(order), order.quantity),
    });
    await tx.update(sslOrders).set({ certificateId }).where(eq(sslOrders.orderId, order.id));
    await addJob(tx, ...issueJob(certificateId));
  },
  /** A refund ends the paid period: the certificate serves until it expires, never renewed. */
  async revoke(tx, order) {
    const cert = await certificateOf(tx, order);
    const now = new Date();
    if (cert && (cert.paidUntil === null || cert.paidUntil > now))
      await certificateRepository(tx).update(cert.id, { paidUntil: now });
  },
};

const renewal: OrderEffect = {
  async basis(tx, order) {
    const cert = await certificateOf(tx, order);
    if (!cert || cert.productId === null) return null;
    return sslOrderBasis.renewal(
      cert.id,
      await productRepository(tx).byId(cert.productId),
      order.cycle ?? '',
    );
  },
  /**
   * The paid period runs on from its end, or from now once ended; a certificate that would not
   * be renewed in time any more (failed, expired, or due) is issued again at once.
   */
  async fulfil(tx, order, now) {
    const cert = (await certificateOf(tx, order))!;
    const from = cert.paidUntil && cert.paidUntil > now ? cert.paidUntil : now;
    const due =
      cert.status !== 'succeeded' ||
      cert.notAfter === null ||
      cert.notAfter.getTime() < now.getTime() + CERTIFICATE_RENEW_DAYS * DAY_MS;
    await certificateRepository(tx).update(cert.id, {
      paidUntil: addCycles(from, cycleOf(order), order.quantity),
      autoRenew: true,
      ...(due && cert.status !== 'succeeded' ? { status: 'applying', failReason: '' } : {}),
    });
    if (due) await addJob(tx, ...issueJob(cert.id));
  },
  async revoke(tx, order) {
    const cert = await certificateOf(tx, order);
    if (cert?.paidUntil)
      await certificateRepository(tx).update(cert.id, {
        paidUntil: addCycles(cert.paidUntil, cycleOf(order), -order.quantity),
      });
  },
};

/** Order types 20/22 (purchase, paid or free) and 21/23 (renewal): order-effects.ts. */
export const sslOrderEffects = { purchase, renewal };
