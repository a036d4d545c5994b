import { addCycles, type OwnedPlan, type ProductKind } from '@nimbus/contract';
import { Alert, Form, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { plansApi } from '@/features/plans/api/plans-api';
import { OrderTerms, type CycleOption } from '@/features/plans/components/OrderTerms';
import { usePlaceOrder, useProductsOnSale } from '@/features/plans/hooks/usePlans';
import {
  cycleOrFirst,
  formatDay,
  PLAN_UNITS,
  pricesIn,
  renewalStart,
  type PlanCycleUnit,
} from '@/features/plans/lib/order-terms';

interface Values {
  cycle: PlanCycleUnit;
  quantity: number | null;
}

/**
 * Renews a plan for more cycles at its product's price. The price shown comes from the products
 * on sale; a product taken off sale still renews (the server prices it), in the plan's own cycle.
 */
export function RenewPlanModal({ plan, onClose }: { plan: OwnedPlan; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const products = useProductsOnSale(plan.kind as ProductKind);
  const renew = usePlaceOrder(plansApi.renew);
  const product = products.data?.find((candidate) => candidate.id === plan.productId);
  const priced = product ? pricesIn(product.prices, PLAN_UNITS) : [];
  const cycles: CycleOption<PlanCycleUnit>[] =
    priced.length > 0 ? priced : [{ unit: plan.cycle as PlanCycleUnit }];

  return (
    <Modal
      open
      title={t('plans.renew.title', { name: plan.name })}
      okText={t('plans.renew.ok')}
      cancelText={t('confirm.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: products.isPending }}
      confirmLoading={renew.isPending}
    >
      {products.isPending ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ cycle: cycleOrFirst(cycles, plan.cycle), quantity: 1 }}
          onFinish={(values) =>
            renew.mutate({ planId: plan.id, cycle: values.cycle, quantity: values.quantity ?? 1 })
          }
        >
          {priced.length === 0 && (
            <Alert type="info" showIcon title={t('plans.renew.offSale')} style={{ marginBottom: 16 }} />
          )}
          <OrderTerms
            cycles={cycles}
            quantityHelp="plans.terms.quantityHelp"
            validity={(cycle, quantity) =>
              t('plans.renew.newEnd', {
                date: formatDay(addCycles(renewalStart(plan, new Date()), cycle, quantity)),
              })
            }
          />
        </Form>
      )}
    </Modal>
  );
}
