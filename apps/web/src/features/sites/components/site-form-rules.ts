import { siteCreateRequestSchema } from '@nimbus/contract';
import type { FormRule } from 'antd';
import { issueOf, issuesOnForm, siteCreateBody, type SiteFormValues } from '@/features/sites/lib/site-form';
import type { PathIssue } from '@/shared/forms/form-issues';
import { issueText, type Translate } from '@/shared/forms/zod-rules';

/**
 * A field checked against the whole contract request, so rules that span fields (ports not on both
 * schemes, listening somewhere, force HTTPS needs HTTPS, HTTPS needs a certificate) show on the
 * field the contract names, with its message. Give the field `dependencies` on the fields its rule reads.
 */
export function requestRule(field: keyof SiteFormValues, t: Translate, label: string): FormRule {
  return (form) => ({
    validator: () => {
      const values = form.getFieldsValue(true) as SiteFormValues;
      const parsed = siteCreateBody(values);
      const issue = parsed.ok ? undefined : issueOf(issuesOnForm(parsed.issues, values), field);
      return issue ? Promise.reject(new Error(issueText(issue, t, label))) : Promise.resolve();
    },
  });
}

/** The origin list's own rules (at least one origin, at least one main); rows check their fields. */
export function originListRule(t: Translate, label: string) {
  return {
    validator: (_rule: unknown, origins: unknown) => {
      const result = siteCreateRequestSchema.shape.origins.safeParse(origins ?? []);
      const issue = result.success
        ? undefined
        : (result.error.issues as PathIssue[]).find((i) => i.path.length === 0);
      return issue ? Promise.reject(new Error(issueText(issue, t, label))) : Promise.resolve();
    },
  };
}
