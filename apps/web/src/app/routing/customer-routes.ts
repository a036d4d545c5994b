import { currentVariant } from '@/app/variant';
import { customerPath } from '@/features/layout/lib/customer-path';

/**
 * Customer screens that other features link to, in this console's router: the CDN console's
 * carry /cdn, the DNS console's (router basename /dns) none. Kept out of the features so a link
 * does not load the linked feature's strings.
 */
export const CUSTOMER_ROUTES = {
  planOwn: customerPath(currentVariant.product, '/plan/own/list'),
  orders: customerPath(currentVariant.product, '/finance/order/14'),
  ledger: customerPath(currentVariant.product, '/finance/ledger'),
  recharge: customerPath(currentVariant.product, '/finance/recharge'),
  accountInfo: customerPath(currentVariant.product, '/account/info'),
} as const;
