import { addCycles, type Certificate } from '@nimbus/contract';
import { Alert, Form, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificatesApi } from '@/features/certificates/api/certificates-api';
import { useCertificateOrder } from '@/features/certificates/hooks/useCertificateOrder';
import { certificateLabel } from '@/features/certificates/hooks/useCertificateActions';
import { OrderTerms, type CycleOption } from '@/features/plans/components/OrderTerms';
import { useProductsOnSale } from '@/features/plans/hooks/usePlans';
import {
  cycleOrFirst,
  formatDay,
  PLAN_UNITS,
  pricesIn,
  type PlanCycleUnit,
} from '@/features/plans/lib/order-terms';

interface Values {
  cycle: PlanCycleUnit;
  quantity: number | null;
}

/** The paid period runs on from its end, or from now once it has ended (as the server counts). */
const renewalStart = (cert: Certificate, now: Date) => {
  const end = cert.paidUntil ? new Date(cert.paidUntil) : now;
  return end > now ? end : now;
};

/**
 * Renews a bought certificate's paid period at its product's price (order 21, or 23 when free);
 * within it the certificate renews itself. A product taken off sale still renews (priced by the server).
 */
export function RenewOrderModal({ cert, onClose }: { cert: Certificate; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const products = useProductsOnSale('ssl');
  const renew = useCertificateOrder(certificatesApi.renewOrder, onClose);
  const product = products.data?.find((candidate) => candidate.id === cert.productId);
  const priced = product ? pricesIn(product.prices, PLAN_UNITS) : [];
  const cycles: CycleOption<PlanCycleUnit>[] =
    priced.length > 0 ? priced : PLAN_UNITS.map((unit) => ({ unit }));

  return (
    <Modal
      open
      title={t('certificates.renewOrder.title', { name: certificateLabel(cert) })}
      okText={t('certificates.renewOrder.ok')}
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
          initialValues={{ cycle: cycleOrFirst(cycles), quantity: 1 }}
          onFinish={(values) =>
            renew.mutate({ id: cert.id, cycle: values.cycle, quantity: values.quantity ?? 1 })
          }
        >
          {(products.isError || priced.length === 0) && (
            <Alert
              type="info"
              showIcon
              title={t('certificates.renewOrder.offSale')}
              style={{ marginBottom: 16 }}
            />
          )}
          <OrderTerms
            cycles={cycles}
            quantityHelp="plans.terms.quantityHelp"
            validity={(cycle, quantity) =>
              t('certificates.buy.paidUntil', {
                date: formatDay(addCycles(renewalStart(cert, new Date()), cycle, quantity)),
              })
            }
          />
        </Form>
      )}
    </Modal>
  );
}
