import type { Site, SiteSettingSection } from '@nimbus/contract';
import { Button, Flex, Form } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveProgress } from '@/features/site-admin/components/SaveProgress';
import { useSaveSiteSection } from '@/features/site-admin/hooks/useSiteSettings';
import { fieldNamedIn, tabFieldName, underSettings } from '@/features/site-admin/lib/field-issues';
import {
  siteFieldsChanged,
  siteTabValues,
  siteUpdateOf,
  type SiteTabValues,
} from '@/features/site-admin/lib/site-values';
import { useUpdateSite } from '@/features/sites/hooks/useSites';
import { ApiError } from '@/shared/api/client';
import { parseWith, type PathIssue } from '@/shared/forms/form-issues';
import { issueText, type SchemaLike } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface SectionPart {
  name: SiteSettingSection;
  value: unknown;
  schema: SchemaLike;
}

interface SiteTabFormProps {
  site: Site;
  /** The serving-settings section this tab also edits (under the form field `settings`). */
  section?: SectionPart;
  /** Request field → i18n key of its label on this tab (settings fields as `settings.<name>`). */
  labelKeys: Readonly<Record<string, string>>;
  children: ReactNode;
}

/**
 * One tab's form and its own save: the site's fields go through the site update, the section
 * through the settings save, each only when changed. Contract issues land on their fields before
 * anything is sent; a refusal by the server lands on the field its message names. After a save
 * the tab follows the site until its nodes run the change (SaveProgress).
 */
export function SiteTabForm({ site, section, labelKeys, children }: SiteTabFormProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<SiteTabValues>();
  const update = useUpdateSite();
  const saveSection = useSaveSiteSection(site.id);
  const [saved, setSaved] = useState(false);
  const initialValues = useMemo(() => siteTabValues(site, section?.value), [site, section?.value]);
  // Unsaved edits are the user's; otherwise the form shows what is saved now (after a save, a
  // rollback, or another tab's save read again).
  const dirty = useRef(false);
  useEffect(() => {
    if (!dirty.current) form.resetFields();
  }, [form, initialValues]);

  const labelOf = (name: (string | number)[]) => {
    const key = name.filter((p) => typeof p === 'string').join('.');
    const last = [...name].reverse().find((p): p is string => typeof p === 'string') ?? '';
    const labelKey = labelKeys[key] ?? labelKeys[last];
    return labelKey ? t(labelKey) : last;
  };

  const showIssues = (issues: readonly PathIssue[]) => {
    const seen = new Map<string, { name: (string | number)[]; errors: string[] }>();
    for (const issue of issues) {
      const name = tabFieldName(issue.path);
      const key = JSON.stringify(name);
      if (!seen.has(key)) seen.set(key, { name, errors: [issueText(issue, t, labelOf(name))] });
    }
    form.setFields([...seen.values()]);
  };

  const showRefusal = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const fields = Object.keys(labelKeys).map((key) => ({
      name: key.split('.') as (string | number)[],
      label: t(labelKeys[key]!),
    }));
    const name = fieldNamedIn(error.msg, fields);
    if (name) form.setFields([{ name, errors: [error.msg] }]);
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as SiteTabValues;
    const siteChanged = siteFieldsChanged(site, values);
    const siteBody = siteUpdateOf(site, values);
    const sectionBody = section ? parseWith(section.schema as never, values.settings) : undefined;
    const issues = [
      ...(siteChanged && !siteBody.ok ? siteBody.issues : []),
      ...(sectionBody && !sectionBody.ok ? underSettings(sectionBody.issues) : []),
    ];
    if (issues.length > 0) return showIssues(issues);
    const sectionChanged =
      section !== undefined && JSON.stringify(values.settings) !== JSON.stringify(section.value);
    setSaved(false);
    try {
      if (siteChanged && siteBody.ok) await update.mutateAsync(siteBody.body);
      if (section && sectionChanged && sectionBody?.ok)
        await saveSection.mutateAsync({ section: section.name, value: sectionBody.body } as never);
    } catch (error) {
      return showRefusal(error);
    }
    dirty.current = false;
    void message.success(t('siteAdmin.saved'));
    setSaved(true);
  };

  return (
    <Form<SiteTabValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      validateTrigger={['onChange', 'onBlur']}
      onFinish={() => void submit()}
      onValuesChange={() => {
        dirty.current = true;
        setSaved(false);
      }}
      style={{ maxWidth: 960 }}
    >
      <Flex vertical gap={16}>
        {children}
        <Flex gap={12} align="center" wrap>
          <Button type="primary" htmlType="submit" loading={update.isPending || saveSection.isPending}>
            {t('siteAdmin.save')}
          </Button>
          {saved && <SaveProgress site={site} />}
        </Flex>
      </Flex>
    </Form>
  );
}
