import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { issueFieldName, type PathIssue } from '@/features/stream/lib/stream-form';
import { issueText } from '@/shared/forms/zod-rules';

/** The label each request field has on the form, for the contract messages' {field}. */
const FIELD_LABEL_KEYS: Record<string, string> = {
  name: 'stream.form.name',
  protocol: 'stream.form.protocol',
  listenPort: 'stream.form.listenPort',
  balance: 'stream.form.balance',
  origins: 'stream.form.origins',
  address: 'stream.form.originAddress',
  port: 'stream.form.originPort',
  weight: 'stream.form.originWeight',
  role: 'stream.form.originRole',
  connectTimeoutSeconds: 'stream.form.connectTimeout',
  enabled: 'stream.form.enabled',
};

/**
 * Puts the contract's issues on the fields they name (first issue per field), for what the
 * field rules cannot see alone. Returns nothing so a submit handler can `return showIssues(…)`.
 */
export function useFormIssues(form: FormInstance) {
  const { t } = useTranslation();
  return useCallback(
    (issues: readonly PathIssue[]): void => {
      const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
      for (const issue of issues) {
        const name = issueFieldName(issue.path);
        const key = JSON.stringify(name);
        if (byField.has(key)) continue;
        const last = [...name].reverse().find((p): p is string => typeof p === 'string') ?? '';
        const label = FIELD_LABEL_KEYS[last] ? t(FIELD_LABEL_KEYS[last]) : last;
        byField.set(key, { name, errors: [issueText(issue, t, label)] });
      }
      form.setFields([...byField.values()]);
    },
    [form, t],
  );
}
