import { useSearchParams } from 'react-router';
import { CloseWorkOrderButton, CustomerActions } from '@/features/work-orders/components/CustomerActions';
import { WorkOrderDetail } from '@/features/work-orders/components/WorkOrderDetail';
import { positiveId } from '@/shared/url/positive-id';

/** Route `/cdn/work-order/list/detail?id=`. */
export function WorkOrderDetailPage() {
  const [params] = useSearchParams();
  return (
    <WorkOrderDetail
      side="customer"
      id={positiveId(params.get('id'))}
      toolbar={(detail) => <CloseWorkOrderButton detail={detail} />}
      actions={(detail) => <CustomerActions detail={detail} />}
    />
  );
}
