import { Alert, Button, Flex, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveProgress } from '@/features/site-admin/components/SaveProgress';
import { useSite } from '@/features/site-admin/hooks/useSite';
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
  /** After a save went through: the site whose nodes the form follows until they run it. */
  savedSiteId?: number;
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
  savedSiteId,
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
        <Flex gap={16} align="center" wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('siteAdmin.rules.save')}
          </Button>
          {savedSiteId !== undefined && <SiteSaveProgress siteId={savedSiteId} />}
        </Flex>
      </Form.Item>
    </Form>
  );
}

/** SaveProgress for a site the form knows by id (read again every 2 s while its nodes apply it). */
function SiteSaveProgress({ siteId }: { siteId: number }) {
  const site = useSite(siteId);
  return site.data ? <SaveProgress site={site.data} /> : null;
}
