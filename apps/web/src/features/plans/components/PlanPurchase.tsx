import { addCycles, DNS_FREE_TIER, type Product } from '@nimbus/contract';
import { Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { plansApi } from '@/features/plans/api/plans-api';
import { OrderTerms } from '@/features/plans/components/OrderTerms';
import { ProductChoice } from '@/features/plans/components/ProductChoice';
import { usePlaceOrder, useProductsOnSale } from '@/features/plans/hooks/usePlans';
import {
  cycleOrFirst,
  formatDay,
  PLAN_UNITS,
  pricesIn,
  type PlanCycleUnit,
} from '@/features/plans/lib/order-terms';
import { CDN_PLANS, PLAN_KIND, PLAN_ROUTES } from '@/features/plans/lib/routes';
import { attrAmount } from '@/features/products/lib/product-attrs';
import { positiveId } from '@/shared/url/positive-id';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { MutedText } from '@/shared/ui/PlainText';
import { StatusPanel } from '@/shared/ui/StatusPanel';

interface Values {
  productId: number;
  cycle: PlanCycleUnit;
  quantity: number | null;
}

/** This console's plans on sale (CDN or DNS) to pick from, a cycle and quantity, the price, and the order to pay. */
export function PlanPurchase() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const products = useProductsOnSale(PLAN_KIND);
  // A plan priced only by the time (`p`) cannot be bought as a plan: it is not offered.
  const plans = (products.data ?? []).filter((product) => pricesIn(product.prices, PLAN_UNITS).length > 0);

  let body;
  if (products.isError)
    body = (
      <LoadFailed
        title={t('plans.purchase.loadFailed')}
        retryLabel={t('plans.retry')}
        onRetry={() => void products.refetch()}
      />
    );
  else if (products.isPending) body = <Card loading />;
  else if (plans.length === 0)
    body = <StatusPanel status="info" role="status" title={t('product.noPlans')} />;
  else body = <PurchaseForm plans={plans} wantedId={positiveId(params.get('productId'))} />;

  return (
    <Card
      title={t('plans.purchase.title')}
      extra={<Link to={PLAN_ROUTES.own}>{t('plans.purchase.toOwn')}</Link>}
    >
      <MutedText block>
        {CDN_PLANS
          ? t('plans.purchase.intro')
          : t('plans.purchase.introDns', {
              zones: DNS_FREE_TIER.dnsZones,
              records: attrAmount(DNS_FREE_TIER.dnsRecords),
            })}
      </MutedText>
      {body}
    </Card>
  );
}

function PurchaseForm({ plans, wantedId }: { plans: Product[]; wantedId?: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const buy = usePlaceOrder(plansApi.purchase);
  const productId = Form.useWatch('productId', form);
  const first = plans.find((product) => product.id === wantedId) ?? plans[0]!;
  const chosen = plans.find((product) => product.id === productId) ?? first;
  const prices = pricesIn(chosen.prices, PLAN_UNITS);

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        productId: first.id,
        cycle: cycleOrFirst(pricesIn(first.prices, PLAN_UNITS)),
        quantity: 1,
      }}
      onValuesChange={(changed: Partial<Values>) => {
        // Another plan may not sell the cycle chosen: keep it when it does, else take its first.
        const next = plans.find((product) => product.id === changed.productId);
        if (next)
          form.setFieldValue(
            'cycle',
            cycleOrFirst(pricesIn(next.prices, PLAN_UNITS), form.getFieldValue('cycle') as string),
          );
      }}
      onFinish={(values) =>
        buy.mutate({ productId: values.productId, cycle: values.cycle, quantity: values.quantity ?? 1 })
      }
    >
      <Form.Item name="productId" label={t('plans.purchase.choose')} extra={t('plans.purchase.chooseHelp')}>
        <ProductChoice products={plans} units={PLAN_UNITS} label={t('plans.purchase.choose')} />
      </Form.Item>
      <OrderTerms
        cycles={prices}
        quantityHelp="plans.terms.quantityHelp"
        validity={(cycle, quantity) =>
          t('plans.purchase.validUntil', { date: formatDay(addCycles(new Date(), cycle, quantity)) })
        }
      />
      <Button type="primary" htmlType="submit" size="large" loading={buy.isPending}>
        {t('plans.purchase.buy')}
      </Button>
    </Form>
  );
}
