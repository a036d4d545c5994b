import { dnsZoneCreateRequestSchema, ResultCode, type DnsZone } from '@nimbus/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateZone } from '@/features/dns/hooks/useDns';
import { ApiError } from '@/shared/api/client';
import { parseWith } from '@/shared/forms/form-issues';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface ZoneCreateModalProps {
  open: boolean;
  onClose: () => void;
  /** The zone just added (the list offers its records next). */
  onCreated?: (zone: DnsZone) => void;
}

const { shape } = dnsZoneCreateRequestSchema;
/** Refusals that are about the name (invalid, taken, overlapping); others are only toasted. */
const FIELD_CODES = new Set<number>([ResultCode.badRequest, ResultCode.conflict]);

/**
 * Adds a domain. The name is checked with the contract's rule as it is typed; what only the
 * server knows (taken, another customer's, the platform's CNAME domain) is shown on the field.
 */
export function ZoneCreateModal({ open, onClose, onCreated }: ZoneCreateModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateZone();
  const label = t('dns.zoneForm.name');
  useFreshOpening(form, open || undefined, { name: '' });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      // What the contract makes of the name (trimmed, lower case, no final dot), as the server reads it.
      const parsed = parseWith(dnsZoneCreateRequestSchema, values);
      if (!parsed.ok) return;
      const zone = await create.mutateAsync(parsed.body);
      void message.success(t('dns.zoneForm.added', { name: zone.name }));
      onCreated?.(zone);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && FIELD_CODES.has(error.code))
        form.setFields([{ name: 'name', errors: [error.msg] }]);
    }
  };

  return (
    <Modal
      open={open}
      title={t('dns.zoneForm.title')}
      okText={t('dns.zoneForm.ok')}
      cancelText={t('confirm.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: '' }}
        validateTrigger={['onChange', 'onBlur']}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label={label}
          tooltip={t('dns.zoneForm.nameHelp')}
          extra={t('dns.zoneForm.nameExtra')}
          rules={[zodRule(shape.name, t, label, true)]}
        >
          <Input placeholder={t('dns.zoneForm.namePlaceholder')} maxLength={253} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
