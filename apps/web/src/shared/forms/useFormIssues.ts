import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { issueFieldName, type PathIssue } from '@/shared/forms/form-issues';
import { issueText } from '@/shared/forms/zod-rules';

/**
 * Puts the contract's issues on the fields they name (first issue per field), for what the
 * field rules cannot see alone. `labelKeys` maps a request field to the i18n key of its label
 * on the form, for the messages' {field}. Returns nothing so a submit handler can
 * `return showIssues(…)`.
 */
export function useFormIssues(form: FormInstance, labelKeys: Readonly<Record<string, string>>) {
  const { t } = useTranslation();
  return useCallback(
    (issues: readonly PathIssue[]): void => {
      const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
      for (const issue of issues) {
        const name = issueFieldName(issue.path);
        const key = JSON.stringify(name);
        if (byField.has(key)) continue;
        const last = [...name].reverse().find((p): p is string => typeof p === 'string') ?? '';
        const label = labelKeys[last] ? t(labelKeys[last]) : last;
        byField.set(key, { name, errors: [issueText(issue, t, label)] });
      }
      form.setFields([...byField.values()]);
    },
    [form, t, labelKeys],
  );
}
