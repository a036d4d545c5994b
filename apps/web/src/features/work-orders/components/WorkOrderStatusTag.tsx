import { WORK_ORDER_STATUS } from '@nimbus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = {
  [WORK_ORDER_STATUS.pending]: 'gold',
  [WORK_ORDER_STATUS.processing]: 'blue',
  [WORK_ORDER_STATUS.completed]: 'green',
  [WORK_ORDER_STATUS.appeal]: 'volcano',
  [WORK_ORDER_STATUS.closed]: 'default',
};

export function WorkOrderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status] ?? 'default'}>{t(`workOrders.status.${status}`)}</Tag>;
}
