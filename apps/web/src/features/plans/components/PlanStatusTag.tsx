import type { PlanStatus } from '@nimbus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PlanStatus, string> = {
  in_use: 'green',
  unused: 'blue',
  expired: 'orange',
  invalid: 'default',
};

/** Spec §4's plan statuses, in the contract's words. */
export function PlanStatusTag({ status }: { status: PlanStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`plan.status.${status}`)}
    </Tag>
  );
}
