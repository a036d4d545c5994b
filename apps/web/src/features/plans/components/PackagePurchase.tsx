import { addCycles, formatBytes, TRAFFIC_PACKAGE_CYCLES, type Product } from '@nimbus/contract';
import { Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { plansApi } from '@/features/plans/api/plans-api';
import { OrderTerms } from '@/features/plans/components/OrderTerms';
import { ProductChoice } from '@/features/plans/components/ProductChoice';
import { usePlaceOrder, useProductsOnSale } from '@/features/plans/hooks/usePlans';
import { cycleOrFirst, formatDay, pricesIn } from '@/features/plans/lib/order-terms';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { StatusPanel } from '@/shared/ui/StatusPanel';

type Cycle = (typeof TRAFFIC_PACKAGE_CYCLES)[number];

interface Values {
  productId: number;
  cycle: Cycle;
  quantity: number | null;
}

/** Product traffic is in GB, decimal (spec §9). */
const BYTES_PER_GB = 1e9;
const sizeOf = (product: Product, quantity: number) =>
  formatBytes(Number(product.attrs.traffic ?? 0) * BYTES_PER_GB * quantity);

/** The package form: which package, its validity and how many; then the order, paid as any other. */
function PackageForm({ products }: { products: Product[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const buy = usePlaceOrder(plansApi.packagePurchase);
  const productId = Form.useWatch('productId', form);
  const chosen = products.find((candidate) => candidate.id === productId) ?? products[0]!;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        productId: products[0]!.id,
        cycle: cycleOrFirst(pricesIn(products[0]!.prices, TRAFFIC_PACKAGE_CYCLES)),
        quantity: 1,
      }}
      onValuesChange={(changed: Partial<Values>) => {
        const next = products.find((candidate) => candidate.id === changed.productId);
        if (next)
          form.setFieldValue(
            'cycle',
            cycleOrFirst(
              pricesIn(next.prices, TRAFFIC_PACKAGE_CYCLES),
              form.getFieldValue('cycle') as string,
            ),
          );
      }}
      onFinish={(values) =>
        buy.mutate({ productId: values.productId, cycle: values.cycle, quantity: values.quantity ?? 1 })
      }
    >
      <Form.Item name="productId" label={t('plans.packages.choose')}>
        <ProductChoice
          products={products}
          units={TRAFFIC_PACKAGE_CYCLES}
          label={t('plans.packages.choose')}
          // Its size, not the plans' "GB a month": a package is valid for its cycle.
          offers={(product) => t('plans.packages.size', { size: sizeOf(product, 1) })}
        />
      </Form.Item>
      <OrderTerms
        cycles={pricesIn(chosen.prices, TRAFFIC_PACKAGE_CYCLES)}
        quantityHelp="plans.packages.quantityHelp"
        // One cycle of validity whatever the quantity: n packages are n times the traffic (server: package-effects).
        validity={(cycle, quantity) =>
          t('plans.packages.validity', {
            size: sizeOf(chosen, quantity),
            date: formatDay(addCycles(new Date(), cycle, 1)),
          })
        }
      />
      <Button type="primary" htmlType="submit" size="large" loading={buy.isPending}>
        {t('plans.purchase.buy')}
      </Button>
    </Form>
  );
}

/** Buying a traffic package on sale (order type 30). */
export function PackagePurchase() {
  const { t } = useTranslation();
  const products = useProductsOnSale('traffic_package');
  let body;
  if (products.isError)
    body = (
      <LoadFailed
        title={t('plans.packages.onSaleFailed')}
        retryLabel={t('plans.retry')}
        onRetry={() => void products.refetch()}
      />
    );
  else if (products.isPending) body = <Card loading />;
  else if (products.data.length === 0)
    body = <StatusPanel status="info" role="status" title={t('plans.packages.noneOnSale')} />;
  else body = <PackageForm products={products.data} />;
  return <Card title={t('plans.packages.buyTitle')}>{body}</Card>;
}
