import { ORDER_TYPES } from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import { sslOrderEffects } from '../certificate/ssl-order-effects';
import { rechargeEffect } from '../finance/recharge-effect';
import { packageEffect } from '../plan/package-effects';
import { planEffects } from '../plan/plan-effects';
import { verificationFeeEffect } from '../verification/verification-effect';
import type { OrderBasis, OrderRow } from './order.schema';

/**
 * What paying an order does, and what refunding it undoes, in the payment's transaction: an
 * order is paid exactly when its effect happened.
 */
export interface OrderEffect {
  /**
   * What the order's price rests on as it is now (the rows locked till the payment commits), or
   * null when it cannot be fulfilled at all; absent for orders whose effect depends on nothing
   * that can change (a recharge, a fee). Compared with the basis stored when it was placed.
   */
  basis?(tx: DbOrTx, order: OrderRow, now: Date): Promise<OrderBasis | null>;
  fulfil(tx: DbOrTx, order: OrderRow, now: Date): Promise<void>;
  revoke(tx: DbOrTx, order: OrderRow): Promise<void>;
}

const EFFECTS: Partial<Record<number, OrderEffect>> = {
  [ORDER_TYPES.realName]: verificationFeeEffect,
  [ORDER_TYPES.recharge]: rechargeEffect,
  [ORDER_TYPES.planPurchase]: planEffects.purchase,
  [ORDER_TYPES.renewal]: planEffects.renewal,
  [ORDER_TYPES.upgrade]: planEffects.upgrade,
  [ORDER_TYPES.vas]: planEffects.vas,
  [ORDER_TYPES.usageSettlement]: planEffects.settlement,
  [ORDER_TYPES.prepaidPlan]: packageEffect,
  [ORDER_TYPES.sslPurchase]: sslOrderEffects.purchase,
  [ORDER_TYPES.sslRenewal]: sslOrderEffects.renewal,
  [ORDER_TYPES.freeSsl]: sslOrderEffects.purchase,
  [ORDER_TYPES.freeSslRenewal]: sslOrderEffects.renewal,
};

export function effectOf(type: number): OrderEffect {
  const effect = EFFECTS[type];
  // Orders are only made by code that knows their effect; another type here is a bug.
  if (!effect) throw new Error(`no effect for order type ${type}`);
  return effect;
}
