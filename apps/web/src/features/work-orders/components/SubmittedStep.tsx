import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SubmitSteps } from '@/features/work-orders/components/SubmitSteps';
import { WORK_ORDER_ROUTES } from '@/features/work-orders/lib/routes';
import { positiveId } from '@/shared/url/positive-id';

/** Step 3: the work order's number, and where to follow it. */
export function SubmittedStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const number = /^\d{1,20}$/.test(params.get('number') ?? '') ? params.get('number') : undefined;
  return (
    <Card title={t('workOrders.submit')}>
      <SubmitSteps current={2} />
      <Result
        status="success"
        title={t('workOrders.submitted.title')}
        subTitle={number ? t('workOrders.submitted.number', { number }) : undefined}
        extra={[
          id !== undefined && (
            <Button key="view" type="primary" onClick={() => void navigate(WORK_ORDER_ROUTES.detail(id))}>
              {t('workOrders.submitted.view')}
            </Button>
          ),
          <Button key="list" onClick={() => void navigate(WORK_ORDER_ROUTES.list)}>
            {t('workOrders.submitted.list')}
          </Button>,
        ]}
      />
    </Card>
  );
}
