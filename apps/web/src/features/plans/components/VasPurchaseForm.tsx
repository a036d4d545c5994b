import type { BillingCycleUnit, OwnedPlan, Product } from '@nimbus/contract';
import { Button, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { plansApi } from '@/features/plans/api/plans-api';
import { OrderTerms } from '@/features/plans/components/OrderTerms';
import { ProductChoice } from '@/features/plans/components/ProductChoice';
import { usePlaceOrder } from '@/features/plans/hooks/usePlans';
import {
  cycleOrFirst,
  formatDay,
  pricesIn,
  serviceEnd,
  timesQuantity,
  VAS_UNITS,
} from '@/features/plans/lib/order-terms';
import { sellingSummary } from '@/features/products/lib/product-attrs';

interface Values {
  planId: number;
  productId: number;
  cycle: BillingCycleUnit;
  quantity: number | null;
}

interface VasPurchaseFormProps {
  /** The customer's plans in force. */
  plans: OwnedPlan[];
  services: Product[];
  wantedPlanId?: number;
}

/** The plan, the service, its cycle and quantity, what it adds and until when; then the order. */
export function VasPurchaseForm({ plans, services, wantedPlanId }: VasPurchaseFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const buy = usePlaceOrder(plansApi.vasPurchase);
  const planId = Form.useWatch('planId', form);
  const productId = Form.useWatch('productId', form);
  const firstPlan = plans.find((plan) => plan.id === wantedPlanId) ?? plans[0]!;
  const plan = plans.find((candidate) => candidate.id === planId) ?? firstPlan;
  const service = services.find((candidate) => candidate.id === productId) ?? services[0]!;

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        planId: firstPlan.id,
        productId: services[0]!.id,
        cycle: cycleOrFirst(pricesIn(services[0]!.prices, VAS_UNITS)),
        quantity: 1,
      }}
      onValuesChange={(changed: Partial<Values>) => {
        const next = services.find((candidate) => candidate.id === changed.productId);
        if (next)
          form.setFieldValue(
            'cycle',
            cycleOrFirst(pricesIn(next.prices, VAS_UNITS), form.getFieldValue('cycle') as string),
          );
      }}
      onFinish={(values) =>
        buy.mutate({
          planId: values.planId,
          productId: values.productId,
          cycle: values.cycle,
          quantity: values.quantity ?? 1,
        })
      }
    >
      <Form.Item name="planId" label={t('plans.vasPurchase.plan')} extra={t('plans.vasPurchase.planHelp')}>
        <Select
          style={{ maxWidth: 480 }}
          options={plans.map((candidate) => ({
            value: candidate.id,
            label: t('plans.vasPurchase.planOption', {
              name: candidate.name,
              date: formatDay(candidate.endAt),
            }),
          }))}
        />
      </Form.Item>
      <Form.Item name="productId" label={t('plans.vasPurchase.service')}>
        <ProductChoice products={services} units={VAS_UNITS} label={t('plans.vasPurchase.service')} />
      </Form.Item>
      <OrderTerms
        cycles={pricesIn(service.prices, VAS_UNITS)}
        quantityHelp="plans.vasPurchase.quantityHelp"
        validity={(cycle, quantity) => {
          const { end, capped } = serviceEnd(plan, cycle, quantity, new Date());
          return t(capped ? 'plans.vasPurchase.validityCapped' : 'plans.vasPurchase.validity', {
            adds: sellingSummary(timesQuantity(service.attrs, quantity), t),
            date: formatDay(end),
          });
        }}
      />
      <Button type="primary" htmlType="submit" size="large" loading={buy.isPending}>
        {t('plans.purchase.buy')}
      </Button>
    </Form>
  );
}
