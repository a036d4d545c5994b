import { Alert, Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsFormLayout } from '@/shared/forms/settings-form-layout';

export interface SectionFormProps {
  form: FormInstance;
  /** The section as saved: what the form shows first and after a reset. */
  initialValues: object;
  onSubmit: () => void;
  saving: boolean;
  /** A refusal no field can show (the server's, or a rule about the whole section). */
  formError?: string;
  /** Names the form for assistive technology (the tab's title). */
  title: string;
  children: ReactNode;
}

/** A settings tab's form: the section's fields, a refusal above them, and one save for the section. */
export function SectionForm({
  form,
  initialValues,
  onSubmit,
  saving,
  formError,
  title,
  children,
}: SectionFormProps) {
  const { t } = useTranslation();
  return (
    <Form
      {...settingsFormLayout}
      form={form}
      initialValues={initialValues}
      onFinish={onSubmit}
      aria-label={title}
      style={{ maxWidth: 1100 }}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      {children}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('siteAdmin.rules.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
