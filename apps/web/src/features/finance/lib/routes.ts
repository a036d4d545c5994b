import { currentVariant } from '@/app/variant';
import { customerPath } from '@/features/layout/lib/customer-path';

/** The finance and account screens payment pages link to, in this customer console's router. */
export const FINANCE_ROUTES = {
  orders: customerPath(currentVariant.product, '/finance/order/14'),
  ledger: customerPath(currentVariant.product, '/finance/ledger'),
  recharge: customerPath(currentVariant.product, '/finance/recharge'),
  accountInfo: customerPath(currentVariant.product, '/account/info'),
} as const;
