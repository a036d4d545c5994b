import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PathIssue } from '@/features/certificates/lib/certificate-form';
import { issueText } from '@/shared/forms/zod-rules';

/**
 * Puts the contract's issues on the fields they name (first issue per field), for what the
 * field rules did not catch. Returns nothing so a submit handler can `return showIssues(…)`.
 */
export function useFormIssues(form: FormInstance) {
  const { t } = useTranslation();
  return useCallback(
    (issues: readonly PathIssue[], labels: Record<string, string>): void => {
      const byField = new Map<string, string[]>();
      for (const issue of issues) {
        const field = String(issue.path[0] ?? '');
        if (!byField.has(field)) byField.set(field, [issueText(issue, t, labels[field] ?? field)]);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
    },
    [form, t],
  );
}
