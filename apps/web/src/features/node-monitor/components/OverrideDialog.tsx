import {
  NODE_MONITOR_OVERRIDE_MAX_MINUTES,
  nodeMonitorOverrideMinutesSchema,
  type NodeMonitorOverride,
  type NodeMonitorState,
} from '@nimbus/contract';
import { Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetOverride } from '@/features/node-monitor/hooks/useNodeMonitor';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { zodRule } from '@/shared/forms/zod-rules';

interface Values {
  override: NodeMonitorOverride;
  minutes: number | null;
}

/** Forces one node in or out of DNS for a while; it ends by itself at the expiry. */
export function OverrideDialog({ node, onClose }: { node: NodeMonitorState | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const setOverride = useSetOverride();

  useEffect(() => {
    if (node) form.setFieldsValue({ override: node.inDns ? 'out' : 'in', minutes: 60 });
  }, [form, node]);

  const label = (key: string) => t(`nodeMonitor.override.${key}`);
  const submit = (values: Values) =>
    node &&
    setOverride.mutate(
      { nodeId: node.nodeId, override: values.override, minutes: values.minutes ?? undefined },
      {
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open={node !== null}
      title={label('title')}
      okText={label('apply')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={setOverride.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {label('help')} {node ? `${node.name} (${node.ipv4 || node.ipv6})` : ''}
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="override" label={label('action')} extra={label('actionHelp')}>
          <Radio.Group
            options={[
              { value: 'in', label: label('in') },
              { value: 'out', label: label('out') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="minutes"
          label={label('minutes')}
          extra={label('minutesHelp')}
          required
          rules={[zodRule(nodeMonitorOverrideMinutesSchema, t, label('minutes'))]}
        >
          <InputNumber min={1} max={NODE_MONITOR_OVERRIDE_MAX_MINUTES} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
