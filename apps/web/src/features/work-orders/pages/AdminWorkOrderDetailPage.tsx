import { useSearchParams } from 'react-router';
import { AdminReply, AdminToolbar } from '@/features/work-orders/components/AdminActions';
import { WorkOrderDetail } from '@/features/work-orders/components/WorkOrderDetail';
import { positiveId } from '@/shared/url/positive-id';

/** Admin route `/support/work-orders/detail?id=`. */
export function AdminWorkOrderDetailPage() {
  const [params] = useSearchParams();
  return (
    <WorkOrderDetail
      side="admin"
      id={positiveId(params.get('id'))}
      toolbar={(detail) => <AdminToolbar detail={detail} />}
      actions={(detail) => <AdminReply detail={detail} />}
    />
  );
}
