import { OwnPlanList } from '@/features/plans/components/OwnPlanList';

/** Customer route `/cdn/plan/own/list`. */
export function OwnPlanListPage() {
  return <OwnPlanList />;
}
