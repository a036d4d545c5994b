import { ResultCode, type StreamRule } from '@nimbus/contract';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { StreamFormFields } from '@/features/stream/components/StreamFormFields';
import { STREAM_FIELD_LABEL_KEYS } from '@/features/stream/lib/field-labels';
import { useFormIssues } from '@/shared/forms/useFormIssues';
import { useSaveStream } from '@/features/stream/hooks/useStreams';
import {
  emptyStreamForm,
  ruleLabel,
  streamFormOf,
  streamSaveBody,
  type StreamFormValues,
} from '@/features/stream/lib/stream-form';
import { ApiError } from '@/shared/api/client';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface StreamFormModalProps {
  open: boolean;
  /** The rule to edit; without it the dialog adds one. */
  rule?: StreamRule;
  onClose: () => void;
}

/**
 * Adds or edits a rule. Fields are checked with the contract's rules as the user types; the request
 * is what the contract's schema makes of the form, and a port the server finds taken (by another
 * rule or a site of the node group) is shown on the port field too.
 */
export function StreamFormModal({ open, rule, onClose }: StreamFormModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<StreamFormValues>();
  const save = useSaveStream();

  const showIssues = useFormIssues(form, STREAM_FIELD_LABEL_KEYS);

  const submit = async () => {
    const parsed = streamSaveBody(form.getFieldsValue(true) as StreamFormValues, rule?.id);
    if (!parsed.ok) return showIssues(parsed.issues);
    try {
      await save.mutateAsync(parsed.body);
    } catch (error) {
      if (error instanceof ApiError && error.code === ResultCode.conflict)
        form.setFields([{ name: 'listenPort', errors: [error.msg] }]);
      return;
    }
    void message.success(t('site.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={rule ? t('stream.form.editTitle', { name: ruleLabel(rule) }) : t('stream.form.addTitle')}
      width={860}
      okText={t('stream.form.save')}
      cancelText={t('confirm.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<StreamFormValues>
        key={rule?.id ?? 'new'}
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={rule ? streamFormOf(rule) : emptyStreamForm()}
        validateTrigger={['onChange', 'onBlur']}
        onFinish={() => void submit()}
      >
        <StreamFormFields />
      </Form>
    </Modal>
  );
}
