import { addCycles, type Product } from '@nimbus/contract';
import { Alert, Button, Empty, Form, Input, Modal, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Translate } from '@/shared/forms/zod-rules';
import { certificatesApi } from '@/features/certificates/api/certificates-api';
import { useCertificateOrder } from '@/features/certificates/hooks/useCertificateOrder';
import { useSiteDomains } from '@/features/certificates/hooks/useCertificates';
import { OrderTerms } from '@/features/plans/components/OrderTerms';
import { ProductChoice } from '@/features/plans/components/ProductChoice';
import { useProductsOnSale } from '@/features/plans/hooks/usePlans';
import {
  cycleOrFirst,
  formatDay,
  PLAN_UNITS,
  pricesIn,
  type PlanCycleUnit,
} from '@/features/plans/lib/order-terms';

interface Values {
  productId: number;
  cycle: PlanCycleUnit;
  quantity: number | null;
  domains: string[];
  name?: string;
}

/** What one certificate of the product may carry, in words. */
export function sslTerms(product: Product, t: Translate): string {
  const ssl = product.ssl;
  if (!ssl) return '';
  return [
    t(`certificates.buy.ca.${ssl.ca}`),
    t('certificates.buy.maxDomains', { count: ssl.maxDomains }),
  ].join(' · ');
}

/**
 * Buys a certificate product for domains of the customer's own sites: the order is paid like a
 * plan's (a free product's at once), then the certificate is issued and renews itself within
 * the period paid for.
 */
export function BuyCertificateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const products = useProductsOnSale('ssl', open);
  const sites = useSiteDomains(open);
  const buy = useCertificateOrder(certificatesApi.buy, onClose);
  const list = products.data ?? [];

  let body;
  if (products.isPending) body = <Spin style={{ display: 'block', margin: '24px auto' }} />;
  else if (products.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('certificates.buy.loadFailed')}
        action={
          <Button size="small" onClick={() => void products.refetch()}>
            {t('certificates.list.retry')}
          </Button>
        }
      />
    );
  else if (list.length === 0) body = <Empty description={t('certificates.buy.none')} />;
  else
    body = (
      <BuyForm
        products={list}
        domains={sites.data ?? []}
        domainsLoading={sites.isFetching}
        onSubmit={(values) =>
          buy.mutate({
            productId: values.productId,
            cycle: values.cycle,
            quantity: values.quantity ?? 1,
            domains: values.domains,
            name: values.name ?? '',
          })
        }
      />
    );

  return (
    <Modal
      open={open}
      title={t('certificates.buy.title')}
      width={760}
      okText={t('certificates.buy.submit')}
      cancelText={t('confirm.cancel')}
      okButtonProps={{ form: 'buy-certificate', htmlType: 'submit', disabled: list.length === 0 }}
      confirmLoading={buy.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('certificates.buy.how')} style={{ marginBottom: 16 }} />
      {sites.isError && (
        <Alert
          type="warning"
          showIcon
          title={t('certificates.apply.sitesFailed')}
          style={{ marginBottom: 16 }}
        />
      )}
      {body}
    </Modal>
  );
}

function BuyForm({
  products,
  domains,
  domainsLoading,
  onSubmit,
}: {
  products: Product[];
  domains: string[];
  domainsLoading: boolean;
  onSubmit: (values: Values) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const productId = Form.useWatch('productId', form);
  const chosen = products.find((product) => product.id === productId) ?? products[0]!;
  // No wildcard names: the edges prove a name over HTTP, and a CA proves a wildcard only by DNS.
  const usable = domains.filter((domain) => !domain.startsWith('*.'));
  const label = t('certificates.apply.domains');

  return (
    <Form<Values>
      id="buy-certificate"
      form={form}
      layout="vertical"
      initialValues={{
        productId: products[0]!.id,
        cycle: cycleOrFirst(pricesIn(products[0]!.prices, PLAN_UNITS)),
        quantity: 1,
        domains: [],
      }}
      onValuesChange={(changed: Partial<Values>) => {
        const next = products.find((product) => product.id === changed.productId);
        if (next)
          form.setFieldValue(
            'cycle',
            cycleOrFirst(pricesIn(next.prices, PLAN_UNITS), form.getFieldValue('cycle') as string),
          );
      }}
      onFinish={onSubmit}
    >
      <Form.Item name="productId" label={t('certificates.buy.product')}>
        <ProductChoice
          products={products}
          units={PLAN_UNITS}
          label={t('certificates.buy.product')}
          // Each card its own terms: a certificate has no plan quotas ("no quota set" misled).
          offers={(product) => sslTerms(product, t)}
        />
      </Form.Item>
      <Form.Item
        name="domains"
        label={label}
        extra={t('certificates.buy.domainsHelp', { count: chosen.ssl?.maxDomains ?? 1 })}
        rules={[
          { required: true, message: t('validation.required', { field: label }) },
          {
            validator: async (_, value: string[] = []) => {
              const max = chosen.ssl?.maxDomains ?? 1;
              if (value.length > max) throw new Error(t('sslOrder.tooManyDomains', { max }));
            },
          },
        ]}
      >
        <Select
          mode="multiple"
          allowClear
          showSearch
          loading={domainsLoading}
          options={usable.map((domain) => ({ value: domain, label: domain }))}
          notFoundContent={domainsLoading ? undefined : t('certificates.apply.noSites')}
          placeholder={t('certificates.apply.domainsPlaceholder')}
          aria-label={label}
        />
      </Form.Item>
      <Form.Item name="name" label={t('certificates.apply.name')}>
        <Input maxLength={64} placeholder={t('certificates.upload.namePlaceholder')} autoComplete="off" />
      </Form.Item>
      <OrderTerms
        cycles={pricesIn(chosen.prices, PLAN_UNITS)}
        quantityHelp="plans.terms.quantityHelp"
        validity={(cycle, quantity) =>
          t('certificates.buy.paidUntil', { date: formatDay(addCycles(new Date(), cycle, quantity)) })
        }
      />
    </Form>
  );
}
