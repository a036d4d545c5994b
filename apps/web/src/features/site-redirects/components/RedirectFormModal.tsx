import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RedirectFormModalProps<V> {
  open: boolean;
  title: string;
  width: number;
  saving: boolean;
  form: FormInstance<V>;
  initialValues: Partial<V>;
  /** Called once the form's own rules passed. */
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The dialog both redirect forms live in: one form, saved by the dialog's OK. */
export function RedirectFormModal<V extends object>({
  open,
  title,
  width,
  saving,
  form,
  initialValues,
  onSubmit,
  onClose,
  children,
}: RedirectFormModalProps<V>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={t('redirects.save')}
      cancelText={t('confirm.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues as V}
        onFinish={onSubmit}
      >
        {children}
      </Form>
    </Modal>
  );
}
