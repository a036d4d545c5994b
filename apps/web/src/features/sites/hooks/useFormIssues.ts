import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { issueFieldName, type PathIssue } from '@/features/sites/lib/site-form';
import { issueText } from '@/shared/forms/zod-rules';

/** The label each request field has on the forms, for the contract messages' {field}. */
const FIELD_LABEL_KEYS: Record<string, string> = {
  domain: 'sites.form.domain',
  domains: 'sites.bulk.domains',
  siteGroupId: 'sites.form.siteGroup',
  originProtocol: 'sites.form.originProtocol',
  balance: 'sites.form.balance',
  origins: 'sites.form.origins',
  address: 'sites.form.originAddress',
  httpPort: 'sites.form.originHttpPort',
  httpsPort: 'sites.form.originHttpsPort',
  weight: 'sites.form.originWeight',
  role: 'sites.form.originRole',
  httpPorts: 'sites.form.httpPorts',
  httpsPorts: 'sites.form.httpsPorts',
  httpsEnabled: 'sites.form.httpsEnabled',
  certificateId: 'sites.form.certificate',
  forceHttps: 'sites.form.forceHttps',
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
