import { formatMoney, type BillingCycleUnit, type OwnedPlan, type ProductKind } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planKeys, plansApi } from '@/features/plans/api/plans-api';
import { ProductChoice } from '@/features/plans/components/ProductChoice';
import { usePlaceOrder, useProductsOnSale } from '@/features/plans/hooks/usePlans';
import { formatDay, upgradeTargets } from '@/features/plans/lib/order-terms';
import { useWebConfig } from '@/shared/config/useWebConfig';

/**
 * Moves a plan to a dearer one of its kind until it ends: the server quotes the price difference
 * for the time left, and the order for that amount is paid next.
 */
export function UpgradePlanModal({ plan, onClose }: { plan: OwnedPlan; onClose: () => void }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const [productId, setProductId] = useState<number>();
  const products = useProductsOnSale(plan.kind as ProductKind);
  const upgrade = usePlaceOrder(plansApi.upgrade);
  const targets = upgradeTargets(plan, products.data ?? []);
  const request = { planId: plan.id, productId: productId ?? 0 };
  const quote = useQuery({
    queryKey: planKeys.quote(request),
    queryFn: ({ signal }) => plansApi.upgradeQuote(request, signal),
    enabled: productId !== undefined,
    // A refusal (not dearer, plan ended) is shown in the dialog, beside the choice it concerns.
    meta: { silentError: true },
  });

  let body;
  if (products.isPending) body = <Spin style={{ display: 'block', margin: '24px auto' }} />;
  else if (products.isError) body = <Alert type="warning" showIcon title={t('plans.upgrade.loadFailed')} />;
  else if (targets.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plans.upgrade.none')} />;
  else
    body = (
      <>
        <ProductChoice
          products={targets}
          units={[plan.cycle as BillingCycleUnit]}
          label={t('plans.upgrade.choose')}
          value={productId}
          onChange={setProductId}
        />
        <div style={{ marginTop: 16 }} aria-live="polite">
          {quote.isFetching && <Spin />}
          {quote.isError && !quote.isFetching && <Alert type="error" showIcon title={quote.error.message} />}
          {quote.data && !quote.isFetching && (
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'amount',
                  label: t('plans.upgrade.amount'),
                  children: <strong>{formatMoney(quote.data.amount, config.price.unit)}</strong>,
                },
                { key: 'days', label: t('plans.upgrade.remainingDays'), children: quote.data.remainingDays },
                { key: 'end', label: t('plans.upgrade.end'), children: formatDay(plan.endAt) },
              ]}
            />
          )}
        </div>
      </>
    );

  return (
    <Modal
      open
      width={880}
      title={t('plans.upgrade.title', { name: plan.name })}
      okText={t('plans.upgrade.ok')}
      cancelText={t('confirm.cancel')}
      onOk={() => productId !== undefined && upgrade.mutate({ planId: plan.id, productId })}
      onCancel={onClose}
      okButtonProps={{ disabled: !quote.data || quote.isFetching }}
      confirmLoading={upgrade.isPending}
    >
      <p>{t('plans.upgrade.intro')}</p>
      {body}
    </Modal>
  );
}
