import { workOrderPostRequestSchema } from '@nimbus/contract';
import { Button, Form, Input, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { filesOf, ImageUploadField } from '@/features/work-orders/components/ImageUploadField';
import { zodRule } from '@/shared/forms/zod-rules';

interface Values {
  content?: string;
  images?: UploadFile[];
}

/** A message with images: a supplement, an appeal or an admin's answer. */
export function ReplyForm({
  label,
  submitLabel,
  onSubmit,
  pending,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (reply: { content: string; images: File[] }) => Promise<unknown>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const onFinish = async (values: Values) => {
    await onSubmit({ content: values.content ?? '', images: filesOf(values.images) });
    form.resetFields();
  };
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values).catch(() => undefined)}>
      <Form.Item
        name="content"
        label={label}
        rules={[zodRule(workOrderPostRequestSchema.shape.content, t, label, true)]}
      >
        <Input.TextArea rows={4} maxLength={5000} showCount />
      </Form.Item>
      <ImageUploadField />
      <Button type="primary" htmlType="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
