import { SITE_CATEGORIES, WORK_ORDER_CATEGORIES, type WorkOrderCategory } from '@nimbus/contract';
import { Button, Card, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SiteSearchSelect } from '@/features/work-orders/components/SiteSearchSelect';
import { SubmitSteps } from '@/features/work-orders/components/SubmitSteps';
import { WORK_ORDER_ROUTES } from '@/features/work-orders/lib/routes';
import { positiveId } from '@/shared/url/positive-id';

interface Values {
  category?: WorkOrderCategory;
  siteId?: number;
}

/** Step 1: what the problem is about, and for site problems which site. */
export function CategoryStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const category = Form.useWatch('category', form);
  const initial = params.get('category');
  const initialValues: Values = {
    category: (WORK_ORDER_CATEGORIES as readonly string[]).includes(initial ?? '')
      ? (initial as WorkOrderCategory)
      : undefined,
    siteId: positiveId(params.get('siteId')),
  };

  const next = (values: Values) => {
    const query = new URLSearchParams({ category: values.category! });
    if (values.siteId && SITE_CATEGORIES.includes(values.category!))
      query.set('siteId', String(values.siteId));
    void navigate(`${WORK_ORDER_ROUTES.step2}?${query.toString()}`);
  };

  return (
    <Card title={t('workOrders.submit')}>
      <SubmitSteps current={0} />
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={next}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="category"
          label={t('workOrders.form.category')}
          rules={[{ required: true, message: t('workOrders.form.categoryRequired') }]}
        >
          <Radio.Group style={{ width: '100%' }}>
            {WORK_ORDER_CATEGORIES.map((value) => (
              <Radio key={value} value={value} style={{ display: 'flex', padding: '8px 0' }}>
                <Typography.Text strong>{t(`workOrders.category.${value}.title`)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t(`workOrders.category.${value}.help`)}</Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {category && SITE_CATEGORIES.includes(category) && (
          <Form.Item name="siteId" label={t('workOrders.form.site')} extra={t('workOrders.form.siteHelp')}>
            <SiteSearchSelect
              placeholder={t('workOrders.form.sitePlaceholder')}
              aria-label={t('workOrders.form.site')}
            />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit">
          {t('workOrders.next')}
        </Button>
      </Form>
    </Card>
  );
}
