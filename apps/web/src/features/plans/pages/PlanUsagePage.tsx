import { Flex } from 'antd';
import { PlanUsageCard } from '@/features/plans/components/PlanUsageCard';
import { PlanUsageCardBilling } from '@/features/plans/components/PlanUsageCardBilling';

/** Customer route `/cdn/plan/usage`: the quotas beside their use, and this month's billing figures. */
export function PlanUsagePage() {
  return (
    <Flex vertical gap={16}>
      <PlanUsageCard />
      <PlanUsageCardBilling />
    </Flex>
  );
}
