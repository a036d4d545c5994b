import { CategoryStep } from '@/features/work-orders/components/CategoryStep';
import { WorkOrderSubmitGate } from '@/features/work-orders/components/WorkOrderSubmitGate';

/** Route `/cdn/work-order/submit/step-1`. */
export function WorkOrderSubmitStep1Page() {
  return (
    <WorkOrderSubmitGate>
      <CategoryStep />
    </WorkOrderSubmitGate>
  );
}
