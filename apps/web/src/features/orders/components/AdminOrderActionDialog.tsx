import { formatMoney, type Order } from '@nimbus/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminOrderAction } from '@/features/orders/api/orders-api';
import { useWebConfig } from '@/shared/config/useWebConfig';

/** Marks paid, refunds or voids one order, with the note the audit log (and a refund's ledger row) keeps. */
export function AdminOrderActionDialog({
  target,
  saving,
  onClose,
  onSubmit,
}: {
  target: { order: Order; action: AdminOrderAction } | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: (note: string) => void;
}) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const [form] = Form.useForm<{ note: string }>();
  const action = target?.action ?? 'paid';
  return (
    <Modal
      open={target !== null}
      title={t(`orders.admin.${action}.title`, { serial: target?.order.serialNumber ?? '' })}
      okText={t(`orders.admin.${action}.ok`)}
      okButtonProps={{ danger: action !== 'paid' }}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {target && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(`orders.admin.${action}.warning`, {
            amount: formatMoney(target.order.amount, config.price.unit),
            username: target.order.username,
          })}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => onSubmit(values.note.trim())}
      >
        <Form.Item
          name="note"
          label={t('orders.admin.note')}
          extra={t('orders.admin.noteHelp')}
          rules={[{ required: true, whitespace: true, message: t('orders.admin.noteRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
