import { BLOCKLIST_LIMITS, blocklistBlockRequestSchema } from '@nimbus/contract';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToastText } from '@/app/providers/error-toast';
import { blocklistApi } from '@/features/blocklist/api/blocklist-api';
import { useBlocklistChange } from '@/features/blocklist/hooks/useBlocklist';
import { durationOptions } from '@/features/blocklist/lib/block-time';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { zodRule } from '@/shared/forms/zod-rules';

interface Values {
  addresses?: string;
  durationMinutes: number;
  reason?: string;
}

const rules = blocklistBlockRequestSchema.shape;
const PLACEHOLDER = '203.0.113.7\n198.51.100.0/24\n2001:db8::/48';

/**
 * Blocks addresses and CIDR blocks on every edge. The addresses are checked with the contract's
 * own schema as they are typed, so a bad line is named (line number, text, why) before anything
 * is sent; what only the server can know (an address already blocked, …) is shown in the dialog
 * beside the lines it concerns rather than as a toast that is gone while one edits them.
 */
export function BlockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const block = useBlocklistChange(blocklistApi.block, true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const label = (field: 'addresses' | 'duration' | 'reason') => t(`blocklist.blockDialog.${field}`);
  const close = () => {
    setRefusal(null);
    onClose();
  };

  const submit = async (values: Values) => {
    setRefusal(null);
    let added: number;
    try {
      ({ added } = await block.mutateAsync({
        addresses: values.addresses ?? '',
        durationMinutes: values.durationMinutes,
        reason: values.reason ?? '',
      }));
    } catch (error) {
      setRefusal(errorToastText(error));
      return;
    }
    void message.success(t('blocklist.blocked', { count: added }));
    close();
  };

  return (
    <Modal
      open={open}
      title={t('blocklist.blockDialog.title')}
      okText={t('blocklist.blockDialog.ok')}
      cancelText={t('blocklist.blockDialog.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={block.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ durationMinutes: 0 }}
        onValuesChange={() => setRefusal(null)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="addresses"
          label={label('addresses')}
          extra={t('blocklist.blockDialog.addressesHelp', { max: BLOCKLIST_LIMITS.addresses })}
          rules={[zodRule(rules.addresses, t, label('addresses'), true)]}
        >
          <Input.TextArea rows={6} placeholder={PLACEHOLDER} spellCheck={false} />
        </Form.Item>
        <Form.Item name="durationMinutes" label={label('duration')}>
          <Select options={durationOptions(t)} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={label('reason')}
          rules={[zodRule(rules.reason, t, label('reason'), true)]}
        >
          <Input
            maxLength={BLOCKLIST_LIMITS.reason}
            placeholder={t('blocklist.blockDialog.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} />}
    </Modal>
  );
}
