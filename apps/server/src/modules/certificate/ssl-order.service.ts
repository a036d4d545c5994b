import {
  ORDER_TYPES,
  PAYMENT_METHODS,
  priceOf,
  type Order,
  type sslBuyRequestSchema,
  type sslRenewOrderRequestSchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { writeTable } from '../../platform/db/write-table';
import { badRequest, notFound } from '../../platform/http/app-error';
import { orderRepository } from '../order/order.repository';
import { placeOrder, settleOrder, toOrder } from '../order/order.service';
import { productRepository } from '../product/product.repository';
import type { ProductRow } from '../product/product.schema';
import { sslOrders } from './certificate.schema';
import { certificateRepository } from './certificate.repository';
import { ownSites } from './own-sites';
import { sslOrderBasis } from './ssl-order-effects';
import { sslProductRepository } from './ssl-product.repository';

type Buy = z.output<typeof sslBuyRequestSchema>;
type RenewOrder = z.output<typeof sslRenewOrderRequestSchema>;

/**
 * Buying and renewing certificates as orders (contract api/ssl-order.ts). A paid order waits
 * for payment like any other; a free one (price 0) is settled in the transaction that places
 * it, so it is listed and its effect happened, or neither.
 */
export function sslOrderService(ctx: Pick<AppContext, 'db' | 'changes'>) {
  const { db } = ctx;

  function priced(product: ProductRow, cycle: string, quantity: number): number {
    const amount = priceOf(product.prices, cycle, quantity);
    if (amount === undefined) throw badRequest('plan.cycleUnavailable');
    return amount;
  }

  async function place(
    customerId: number,
    values: Omit<Parameters<typeof placeOrder>[1], 'customerId'>,
    link: (orderId: number) => typeof sslOrders.$inferInsert,
  ): Promise<Order> {
    const placed = await writeTable(ctx, 'orders', async (tx: DbOrTx) => {
      const order = await placeOrder(tx, { ...values, customerId });
      await tx.insert(sslOrders).values(link(order.id));
      if (order.amount === 0) await settleOrder(tx, order, { method: PAYMENT_METHODS.balance }, new Date());
      return order;
    });
    const row = (await orderRepository(db).bySerial(placed.serialNumber))!;
    return toOrder(row.order, row.username);
  }

  return {
    async buy(customerId: number, request: Buy): Promise<Order> {
      const product = await productRepository(db).byId(request.productId);
      const terms = product && (await sslProductRepository(db).byId(product.id));
      if (!product?.onSale || product.kind !== 'ssl' || !terms)
        throw badRequest('sslOrder.productUnavailable');
      const domains = [...new Set(request.domains)];
      if (domains.length > terms.maxDomains)
        throw badRequest('sslOrder.tooManyDomains', { max: terms.maxDomains });
      await ownSites(db, customerId, domains);
      const amount = priced(product, request.cycle, request.quantity);
      return place(
        customerId,
        {
          type: amount === 0 ? ORDER_TYPES.freeSsl : ORDER_TYPES.sslPurchase,
          amount,
          body: `${product.name}: ${domains.join(', ')}`,
          productId: product.id,
          planId: null,
          cycle: request.cycle,
          quantity: request.quantity,
          basis: sslOrderBasis.purchase(product, request.cycle),
        },
        (orderId) => ({ orderId, name: request.name, domains }),
      );
    },

    /** At the certificate's product's current price, on sale or not: a customer keeps what they have. */
    async renew(customerId: number, request: RenewOrder): Promise<Order> {
      const cert = await certificateRepository(db).byId(customerId, request.id);
      if (!cert) throw notFound();
      if (cert.productId === null) throw badRequest('sslOrder.notPurchased');
      const product = await productRepository(db).byId(cert.productId);
      if (!product) throw badRequest('sslOrder.productUnavailable');
      const amount = priced(product, request.cycle, request.quantity);
      return place(
        customerId,
        {
          type: amount === 0 ? ORDER_TYPES.freeSslRenewal : ORDER_TYPES.sslRenewal,
          amount,
          body: `${product.name}: ${cert.name}`,
          productId: product.id,
          planId: null,
          cycle: request.cycle,
          quantity: request.quantity,
          basis: sslOrderBasis.renewal(cert.id, product, request.cycle),
        },
        (orderId) => ({ orderId, certificateId: cert.id, name: cert.name, domains: cert.domains }),
      );
    },
  };
}
