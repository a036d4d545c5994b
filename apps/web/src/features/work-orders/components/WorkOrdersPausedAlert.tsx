import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Says that new work orders are paused while replies to existing ones go on. */
export function WorkOrdersPausedAlert({ action }: { action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('workOrders.paused.title')}
      description={t('workOrders.paused.text')}
      action={action}
      style={{ marginBottom: 16 }}
    />
  );
}
