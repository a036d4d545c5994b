import { WorkOrderList } from '@/features/work-orders/components/WorkOrderList';

/** Route `/cdn/work-order/list/status`. */
export function WorkOrderListPage() {
  return <WorkOrderList />;
}
