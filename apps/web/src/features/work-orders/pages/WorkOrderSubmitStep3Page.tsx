import { SubmittedStep } from '@/features/work-orders/components/SubmittedStep';

/** Route `/cdn/work-order/submit/step-3?id=&number=`. */
export function WorkOrderSubmitStep3Page() {
  return <SubmittedStep />;
}
