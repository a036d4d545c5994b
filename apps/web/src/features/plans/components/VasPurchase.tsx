import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { WHOLE_LIST_LIMIT } from '@/features/plans/api/plans-api';
import { VasPurchaseForm } from '@/features/plans/components/VasPurchaseForm';
import { useOwnPlans, useProductsOnSale } from '@/features/plans/hooks/usePlans';
import { isLive } from '@/features/plans/lib/order-terms';
import { PLAN_ROUTES } from '@/features/plans/lib/routes';
import { positiveId } from '@/shared/url/positive-id';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { MutedText } from '@/shared/ui/PlainText';
import { StatusPanel } from '@/shared/ui/StatusPanel';

/** Adds a value-added service on sale to one of the customer's plans in force. */
export function VasPurchase() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Value-added services add to CDN quotas: only CDN plans take them.
  const plans = useOwnPlans({ page: 1, limit: WHOLE_LIST_LIMIT, kind: 'cdn_plan' });
  const services = useProductsOnSale('vas');
  // An ended or refunded plan takes no more services (the server refuses them too).
  const live = (plans.data?.list ?? []).filter(isLive);

  let body;
  if (plans.isError || services.isError)
    body = (
      <LoadFailed
        title={t('plans.vasPurchase.loadFailed')}
        retryLabel={t('plans.retry')}
        onRetry={() => void Promise.all([plans.refetch(), services.refetch()])}
      />
    );
  else if (plans.isPending || services.isPending) body = <Card loading />;
  else if (live.length === 0)
    body = (
      <StatusPanel
        status="info"
        role="status"
        title={t('plans.vasPurchase.noPlan')}
        subTitle={t('plans.vasPurchase.noPlanHelp')}
        extra={
          <Button type="primary" onClick={() => void navigate(PLAN_ROUTES.purchase)}>
            {t('plans.own.buy')}
          </Button>
        }
      />
    );
  else if (services.data.length === 0)
    body = <StatusPanel status="info" role="status" title={t('plans.vasPurchase.noService')} />;
  else
    body = (
      <VasPurchaseForm
        plans={live}
        services={services.data}
        wantedPlanId={positiveId(params.get('planId'))}
      />
    );

  return (
    <Card title={t('plans.vasPurchase.title')}>
      <MutedText block>{t('plans.vasPurchase.intro')}</MutedText>
      {body}
    </Card>
  );
}
