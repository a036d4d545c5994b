import type { VerificationRecord } from '@nimbus/contract';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ReviewValues {
  approve: boolean;
  reason: string;
}

/** Approve, or reject with a reason the customer reads. */
export function ReviewDialog({
  record,
  saving,
  onClose,
  onSubmit,
}: {
  record: VerificationRecord | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: (values: ReviewValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReviewValues>();
  const approve = Form.useWatch('approve', form);
  return (
    <Modal
      open={record !== null}
      title={t('verification.review.title', { username: record?.username ?? '' })}
      okText={t('verification.review.confirm')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<ReviewValues>
        form={form}
        layout="vertical"
        initialValues={{ approve: true, reason: '' }}
        onFinish={onSubmit}
        preserve={false}
      >
        <Form.Item name="approve" label={t('field.approve')}>
          <Radio.Group
            options={[
              { value: true, label: t('verification.review.approve') },
              { value: false, label: t('verification.review.reject') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('verification.review.reason')}
          extra={t('verification.review.reasonHelp')}
          rules={
            approve ? [] : [{ required: true, whitespace: true, message: t('verification.reasonRequired') }]
          }
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
