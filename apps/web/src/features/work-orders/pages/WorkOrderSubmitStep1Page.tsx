import { CategoryStep } from '@/features/work-orders/components/CategoryStep';

/** Route `/cdn/work-order/submit/step-1`. */
export function WorkOrderSubmitStep1Page() {
  return <CategoryStep />;
}
