import { PlanUsageCard } from '@/features/plans/components/PlanUsageCard';

/** Customer route `/cdn/plan/usage`. */
export function PlanUsagePage() {
  return <PlanUsageCard />;
}
