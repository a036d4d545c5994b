import { RECURSIVE_LIMITS, type RecursiveSaveRequest } from '@nimbus/contract';
import { Form, Input, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveRecursive } from '@/features/recursive-dns/hooks/useRecursiveDns';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface RuleDialogProps<V extends { remark: string }> {
  open: boolean;
  /** The id of the rule being edited; without it the dialog adds. */
  id?: number;
  title: string;
  form: FormInstance<V>;
  initialValues: V;
  /** The save request of the values, without the edited rule's id. */
  request: (values: V) => RecursiveSaveRequest;
  onClose: () => void;
  /** The rule's own fields; the required remark follows them. */
  children: ReactNode;
}

/**
 * Adds or edits one rule of the recursive DNS lists (an IP segment, a forward rule): the dialog,
 * its form with the remark, the save, the toast and closing on success. A refused save keeps the
 * dialog open (the global handler toasts the server's message).
 */
export function RuleDialog<V extends { remark: string }>({
  open,
  id,
  title,
  form,
  initialValues,
  request,
  onClose,
  children,
}: RuleDialogProps<V>) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSaveRecursive();

  const submit = async (values: V) => {
    try {
      await save.mutateAsync({ ...request(values), ...(id !== undefined ? { id } : {}) });
    } catch {
      return;
    }
    void message.success(t('recursiveDns.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('recursiveDns.save')}
      cancelText={t('recursiveDns.confirm.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V>
        key={id ?? 'new'}
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(values) => void submit(values)}
      >
        {children}
        <Form.Item
          name="remark"
          label={t('recursiveDns.field.remark')}
          rules={[{ required: true, whitespace: true, message: t('recursiveDns.error.remarkRequired') }]}
        >
          <Input maxLength={RECURSIVE_LIMITS.remark} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
