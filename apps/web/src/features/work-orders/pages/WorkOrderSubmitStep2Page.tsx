import { DescribeStep } from '@/features/work-orders/components/DescribeStep';

/** Route `/cdn/work-order/submit/step-2?category=&siteId=`. */
export function WorkOrderSubmitStep2Page() {
  return <DescribeStep />;
}
