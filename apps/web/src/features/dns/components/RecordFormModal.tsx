import { ResultCode, type DnsRecord } from '@nimbus/contract';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordFormFields } from '@/features/dns/components/RecordFormFields';
import { useSaveRecord } from '@/features/dns/hooks/useDns';
import {
  emptyRecordForm,
  RECORD_FIELD_LABEL_KEYS,
  recordFormOf,
  recordLabel,
  recordSaveBody,
  type RecordFormValues,
} from '@/features/dns/lib/record-form';
import { ApiError } from '@/shared/api/client';
import { useFormIssues } from '@/shared/forms/useFormIssues';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface RecordFormModalProps {
  zoneId: number;
  zoneName: string;
  /** A record to edit, 'new' to add one, undefined while closed. */
  editing: DnsRecord | 'new' | undefined;
  onClose: () => void;
}

/**
 * Adds or edits a record. Fields are checked with the contract's rules as they are typed and the
 * request is what the contract's schema makes of the form. What only the server knows is shown
 * on the field it concerns: a clash with other records of the name on the host record, a value
 * PowerDNS refuses on the value.
 */
export function RecordFormModal({ zoneId, zoneName, editing, onClose }: RecordFormModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<RecordFormValues>();
  const save = useSaveRecord();
  const record = editing === 'new' ? undefined : editing;
  const initialValues = record ? recordFormOf(record) : emptyRecordForm();
  useFreshOpening(form, editing, initialValues);
  const showIssues = useFormIssues(form, RECORD_FIELD_LABEL_KEYS);

  const submit = async () => {
    const parsed = recordSaveBody(zoneId, form.getFieldsValue(true) as RecordFormValues, record?.id);
    if (!parsed.ok) return showIssues(parsed.issues);
    try {
      await save.mutateAsync(parsed.body);
    } catch (error) {
      if (error instanceof ApiError && error.code === ResultCode.conflict)
        form.setFields([{ name: 'hostRecord', errors: [error.msg] }]);
      else if (error instanceof ApiError && error.code === ResultCode.badRequest)
        form.setFields([{ name: 'recordValue', errors: [error.msg] }]);
      return;
    }
    void message.success(record ? t('dns.recordForm.saved') : t('dns.recordForm.added'));
    onClose();
  };

  return (
    <Modal
      open={editing !== undefined}
      title={
        record ? t('dns.recordForm.editTitle', { name: recordLabel(record) }) : t('dns.recordForm.addTitle')
      }
      width={720}
      okText={t('dns.recordForm.ok')}
      cancelText={t('confirm.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RecordFormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        validateTrigger={['onChange', 'onBlur']}
        onFinish={() => void submit()}
      >
        <RecordFormFields zoneName={zoneName} />
      </Form>
    </Modal>
  );
}
