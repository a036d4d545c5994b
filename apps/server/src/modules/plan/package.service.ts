import { ORDER_TYPES, priceOf, type OwnedPackage, type Page, type PackageState } from '@nimbus/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { pageOf, totalColumn, totalOf } from '../../platform/db/paging';
import { writeTable } from '../../platform/db/write-table';
import { badRequest } from '../../platform/http/app-error';
import { orderRepository } from '../order/order.repository';
import { placeOrder, toOrder } from '../order/order.service';
import { productRepository } from '../product/product.repository';
import { planOrderBasis } from './plan-basis';
import { trafficPackages, type TrafficPackageRow } from './plan.schema';
import { drawnByPackage } from './traffic-packages';

function stateOf(pkg: TrafficPackageRow, remaining: number, now: Date): PackageState {
  if (pkg.endsAt <= now) return 'expired';
  return remaining > 0 ? 'in_force' : 'used_up';
}

/** Buying traffic packages (order type 30) and listing the customer's own (contract api/plan.ts). */
export function packageService(ctx: Pick<AppContext, 'db' | 'changes'>) {
  const { db } = ctx;
  return {
    async purchase(customerId: number, request: { productId: number; cycle: string; quantity: number }) {
      const product = await productRepository(db).byId(request.productId);
      if (!product?.onSale || product.kind !== 'traffic_package') throw badRequest('plan.productUnavailable');
      const amount = priceOf(product.prices, request.cycle, request.quantity);
      if (amount === undefined) throw badRequest('plan.cycleUnavailable');
      const placed = await writeTable(ctx, 'orders', (tx) =>
        placeOrder(tx, {
          customerId,
          type: ORDER_TYPES.prepaidPlan,
          amount,
          body: product.name,
          productId: product.id,
          planId: null,
          cycle: request.cycle,
          quantity: request.quantity,
          // Paid at the price and on-sale state quoted, as a plan purchase is (ADR 0029).
          basis: planOrderBasis.purchase(product, request.cycle),
        }),
      );
      const row = (await orderRepository(db).bySerial(placed.serialNumber))!;
      return toOrder(row.order, row.username);
    },

    /** Only the customer's own packages, newest first, with what has been drawn from each. */
    async own(customerId: number, paging: { page: number; limit: number }): Promise<Page<OwnedPackage>> {
      const now = new Date();
      const where = eq(trafficPackages.customerId, customerId);
      const rows = await db
        .select({ pkg: trafficPackages, total: totalColumn(db, trafficPackages, where) })
        .from(trafficPackages)
        .where(where)
        .orderBy(desc(trafficPackages.id))
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit);
      const total = await totalOf(rows, () => db.select({ n: count() }).from(trafficPackages).where(where));
      const used = await drawnByPackage(
        db,
        rows.map((row) => row.pkg.id),
      );
      const list = rows.map(({ pkg }): OwnedPackage => {
        const usedBytes = used.get(pkg.id) ?? 0;
        const remainingBytes = Math.max(0, pkg.bytes - usedBytes);
        return {
          id: pkg.id,
          name: pkg.name,
          bytes: pkg.bytes,
          usedBytes,
          remainingBytes,
          startAt: pkg.startsAt.toISOString(),
          endAt: pkg.endsAt.toISOString(),
          state: stateOf(pkg, remainingBytes, now),
          orderSerial: pkg.orderSerial,
          createtime: pkg.createdAt.toISOString(),
        };
      });
      return pageOf(list, total, paging);
    },
  };
}
