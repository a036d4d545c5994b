import { DescribeStep } from '@/features/work-orders/components/DescribeStep';
import { WorkOrderSubmitGate } from '@/features/work-orders/components/WorkOrderSubmitGate';

/** Route `/cdn/work-order/submit/step-2?category=&siteId=`. */
export function WorkOrderSubmitStep2Page() {
  return (
    <WorkOrderSubmitGate>
      <DescribeStep />
    </WorkOrderSubmitGate>
  );
}
