import { codeSettingsSchema, type CodeSettings } from '@nimbus/contract';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPagesEditor } from '@/features/site-admin/components/rules/ErrorPagesEditor';
import { SectionForm } from '@/features/site-admin/components/rules/SectionForm';
import { StatusRewritesEditor } from '@/features/site-admin/components/rules/StatusRewritesEditor';
import { useSectionSave } from '@/features/site-admin/components/rules/useSectionSave';
import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';

/** Sentences of the contract that belong to one field of this section without naming it. */
const MESSAGE_FIELDS = { 'siteSettings.pageTooLarge': 'errorPages' };

/** What the visitor sees when something goes wrong: custom error pages and rewritten statuses. */
export function CodeTab({ siteId, value }: SectionTabProps<'code'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeSettings>();
  const labels = useMemo(
    () => ({
      errorPages: t('siteAdmin.code.errorPages'),
      statusRewrites: t('siteAdmin.code.statusRewrites'),
      status: t('siteAdmin.code.errorPage.status'),
      html: t('siteAdmin.code.errorPage.page'),
      url: t('siteAdmin.code.errorPage.url'),
      from: t('siteAdmin.code.rewrite.from'),
      to: t('siteAdmin.code.rewrite.to'),
    }),
    [t],
  );
  const { formProps } = useSectionSave({
    siteId,
    section: 'code',
    schema: codeSettingsSchema,
    form,
    value,
    labels,
    messageFields: MESSAGE_FIELDS,
  });
  return (
    <SectionForm {...formProps} title={t('siteAdmin.code.title')}>
      <ErrorPagesEditor label={labels.errorPages} help={t('siteAdmin.code.help.errorPages')} />
      <StatusRewritesEditor label={labels.statusRewrites} help={t('siteAdmin.code.help.statusRewrites')} />
    </SectionForm>
  );
}
