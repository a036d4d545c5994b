import { AdminWorkOrderList } from '@/features/work-orders/components/AdminWorkOrderList';

/** Admin route `/support/work-orders`: every customer's work orders. */
export function AdminWorkOrderListPage() {
  return <AdminWorkOrderList />;
}
