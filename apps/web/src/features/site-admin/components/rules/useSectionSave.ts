import { ResultCode, type SiteServingSettings, type SiteSettingSection } from '@nimbus/contract';
import type { FormInstance } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveSiteSection } from '@/features/site-admin/hooks/useSiteSettings';
import { ApiError } from '@/shared/api/client';
import { useFeedback } from '@/shared/feedback/feedback-context';
import type { PathIssue } from '@/shared/forms/form-issues';
import { issueText, type Translate } from '@/shared/forms/zod-rules';
import { fieldOfServerMessage } from '@/features/site-admin/components/rules/server-error';

interface SectionSchema<S extends SiteSettingSection> {
  /** The section's fields: where a server refusal may be put. */
  shape: Readonly<Record<string, unknown>>;
  safeParse(
    value: unknown,
  ):
    | { success: true; data: SiteServingSettings[S] }
    | { success: false; error: { issues: readonly unknown[] } };
}

export interface SectionSaveOptions<S extends SiteSettingSection> {
  siteId: number;
  section: S;
  schema: SectionSchema<S>;
  form: FormInstance;
  /** The section as saved now: the form shows it again after a save or a rollback. */
  value: SiteServingSettings[S];
  /** The form's label of each field the contract can name, rows' fields too (the messages' {field}). */
  labels: Readonly<Record<string, string>>;
  /**
   * Messages that name no field but belong to one (`siteSettings.retriesRange` → retries): how a
   * server refusal is put on its field.
   */
  messageFields?: Readonly<Record<string, string>>;
}

const NO_MESSAGE_FIELDS: Readonly<Record<string, string>> = {};

/** Each issue on the field its path names (first per field); those without a path, as one text. */
function placeIssues(
  form: FormInstance,
  issues: readonly PathIssue[],
  labels: Readonly<Record<string, string>>,
  t: Translate,
) {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const loose: string[] = [];
  for (const issue of issues) {
    const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const last = [...name].reverse().find((p): p is string => typeof p === 'string') ?? '';
    const text = issueText(issue, t, labels[last] ?? last);
    if (name.length === 0) loose.push(text);
    else if (!byField.has(JSON.stringify(name))) byField.set(JSON.stringify(name), { name, errors: [text] });
  }
  form.setFields([...byField.values()]);
  return loose[0];
}

/**
 * Saves one tab's section whole: after the form's field rules, the section is checked with the
 * contract's schema (so the messages are the server's), then sent. A server refusal goes on the
 * field it names when it can be told, else `formError` (shown above the form).
 */
export function useSectionSave<S extends SiteSettingSection>(options: SectionSaveOptions<S>) {
  const { siteId, section, schema, form, value, labels, messageFields = NO_MESSAGE_FIELDS } = options;
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSaveSiteSection(siteId);
  const [formError, setFormError] = useState<string>();
  /** Set once the save went through: the form then follows the site to "applied on n/n nodes". */
  const [saved, setSaved] = useState(false);

  // A save or a rollback elsewhere on the page brings a new section: show it as saved.
  useEffect(() => {
    form.resetFields();
  }, [form, value]);

  const submit = useCallback(async () => {
    // Called by the form's onFinish: its fields' own rules have passed.
    setFormError(undefined);
    setSaved(false);
    const parsed = schema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      setFormError(placeIssues(form, parsed.error.issues as PathIssue[], labels, t));
      return;
    }
    try {
      await save.mutateAsync({ section, value: parsed.data } as Parameters<typeof save.mutateAsync>[0]);
      void message.success(t('site.saved'));
      setSaved(true);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === ResultCode.unauthorized) return;
      const field = fieldOfServerMessage(error.msg, Object.keys(schema.shape), messageFields, t);
      if (field) form.setFields([{ name: field, errors: [error.msg] }]);
      else setFormError(error.msg);
    }
  }, [form, schema, labels, messageFields, t, save, section, message]);

  /** What SectionForm takes besides its title. */
  const formProps = {
    form,
    initialValues: value,
    onSubmit: () => void submit(),
    saving: save.isPending,
    formError,
    savedSiteId: saved ? siteId : undefined,
  };
  return { submit, saving: save.isPending, formError, saved, formProps };
}

/** Each field's label on a section's tab: `siteAdmin.<section>.<field>`. */
export function useSectionLabels(section: SiteSettingSection, fields: readonly string[]) {
  const { t } = useTranslation();
  return useMemo(
    () => Object.fromEntries(fields.map((name) => [name, t(`siteAdmin.${section}.${name}`)])),
    [t, section, fields],
  );
}
