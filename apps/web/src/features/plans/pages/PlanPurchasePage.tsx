import { PlanPurchase } from '@/features/plans/components/PlanPurchase';

/** Customer routes `/cdn/plan/purchase` and `/payment/purchase` (`?productId=` preselects a plan). */
export function PlanPurchasePage() {
  return <PlanPurchase />;
}
