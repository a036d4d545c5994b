import { workOrderCloseRequestSchema } from '@nimbus/contract';
import { Form, Input, Modal, Radio, Rate } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/shared/forms/zod-rules';

interface Values {
  rating?: number;
  resolved?: boolean;
  feedback?: string;
}

const rules = workOrderCloseRequestSchema.shape;

/**
 * Closing asks for an overall rating, whether the problem was resolved (required, spec §5) and
 * feedback; after it nothing more can be added.
 */
export function CloseWorkOrderModal({
  open,
  pending,
  onCancel,
  onClose,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onClose: (values: { rating: number; resolved: boolean; feedback?: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const label = (key: string) => t(`workOrders.close.${key}`);
  return (
    <Modal
      open={open}
      title={t('workOrders.close.title')}
      okText={t('workOrders.close.ok')}
      cancelText={t('confirm.cancel')}
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p>{t('workOrders.close.intro')}</p>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ rating: 5 }}
        onFinish={(values) =>
          void onClose({
            rating: values.rating!,
            resolved: values.resolved!,
            feedback: values.feedback || undefined,
          })
        }
      >
        <Form.Item
          name="rating"
          label={label('rating')}
          rules={[zodRule(rules.rating, t, label('rating'), true)]}
        >
          <Rate aria-label={label('rating')} />
        </Form.Item>
        <Form.Item
          name="resolved"
          label={label('resolved')}
          rules={[zodRule(rules.resolved, t, label('resolved'), true)]}
        >
          <Radio.Group
            options={[
              { value: true, label: t('workOrders.close.yes') },
              { value: false, label: t('workOrders.close.no') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="feedback"
          label={label('feedback')}
          rules={[zodRule(rules.feedback, t, label('feedback'))]}
        >
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
