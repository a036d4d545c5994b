import { VasPurchase } from '@/features/plans/components/VasPurchase';

/** Customer route `/payment/purchase/vas` (`?planId=` preselects the plan). */
export function VasPurchasePage() {
  return <VasPurchase />;
}
