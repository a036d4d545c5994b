import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WorkOrdersPausedAlert } from '@/features/work-orders/components/WorkOrdersPausedAlert';
import { useWorkOrdersPaused } from '@/features/work-orders/hooks/useWorkOrdersPaused';
import { WORK_ORDER_ROUTES } from '@/features/work-orders/lib/routes';

/**
 * The submit steps while work orders are paused: a saved link or the back button must not lead
 * to a form the server will refuse, so the steps give way to the notice and a way back.
 */
export function WorkOrderSubmitGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  if (!useWorkOrdersPaused()) return children;
  return (
    <Card title={t('workOrders.submit')}>
      <WorkOrdersPausedAlert
        action={<Link to={WORK_ORDER_ROUTES.list}>{t('workOrders.paused.backToList')}</Link>}
      />
    </Card>
  );
}
