import { originPolicySaveRequestSchema } from '@nimbus/contract';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOriginPolicy, useSaveOriginPolicy } from '@/features/edge-nodes/hooks/useOriginPolicy';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { zodRule } from '@/shared/forms/zod-rules';
import { LoadFailed } from '@/shared/ui/LoadFailed';

interface Values {
  allowRanges: string;
}

/**
 * Admin: the ranges edge nodes may connect to although they are private or special (loopback
 * for a one-machine trial, an operator's own network). Everything else of that kind is refused
 * for origins and forwarding targets.
 */
export function OriginAllowForm() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const policy = useOriginPolicy();
  const save = useSaveOriginPolicy();
  const label = (key: string) => t(`edgeNodes.originAllow.${key}`);

  useEffect(() => {
    if (policy.data) form.setFieldsValue({ allowRanges: policy.data.allowRanges.join('\n') });
  }, [form, policy.data]);

  if (policy.isError)
    return (
      <LoadFailed
        title={label('loadFailed')}
        retryLabel={t('edgeNodes.retry')}
        onRetry={() => void policy.refetch()}
      />
    );

  return (
    <Card title={label('title')} loading={policy.isPending}>
      <Typography.Paragraph type="secondary">{label('intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          save.mutate(
            { allowRanges: values.allowRanges ?? '' },
            { onSuccess: () => void message.success(t('common.saved')) },
          )
        }
      >
        <Form.Item
          name="allowRanges"
          label={label('ranges')}
          extra={label('help')}
          rules={[zodRule(originPolicySaveRequestSchema.shape.allowRanges, t, label('ranges'))]}
        >
          <Input.TextArea rows={5} placeholder={'127.0.0.0/8\n10.20.0.0/16'} spellCheck={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {label('save')}
        </Button>
      </Form>
    </Card>
  );
}
