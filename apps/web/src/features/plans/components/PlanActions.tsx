import type { OwnedPlan } from '@nimbus/contract';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refusalOf } from '@/features/plans/lib/order-terms';
import { CDN_PLANS, vasPurchaseRoute } from '@/features/plans/lib/routes';

interface PlanActionsProps {
  plan: OwnedPlan;
  onRenew: (plan: OwnedPlan) => void;
  onUpgrade: (plan: OwnedPlan) => void;
}

/** A link button, disabled with the reason in a tooltip when the plan's status refuses it. */
function Action({
  refusal,
  onClick,
  children,
}: {
  refusal?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const button = (
    <Button type="link" size="small" disabled={refusal !== undefined} onClick={onClick}>
      {children}
    </Button>
  );
  return refusal ? <Tooltip title={t(refusal)}>{button}</Tooltip> : button;
}

/** Renew, upgrade and (CDN plans) add a value-added service: each places an order to pay. */
export function PlanActions({ plan, onRenew, onUpgrade }: PlanActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = refusalOf('change', plan.status);
  return (
    <Space size={0}>
      <Action refusal={refusalOf('renew', plan.status)} onClick={() => onRenew(plan)}>
        {t('plans.own.renew')}
      </Action>
      <Action refusal={change} onClick={() => onUpgrade(plan)}>
        {t('plans.own.upgrade')}
      </Action>
      {CDN_PLANS && (
        <Action refusal={change} onClick={() => void navigate(vasPurchaseRoute(plan.id))}>
          {t('plans.own.buyVas')}
        </Action>
      )}
    </Space>
  );
}
