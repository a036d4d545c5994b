import { backsourceSettingsSchema, SITE_SETTING_LIMITS, type HeaderRule } from '@nimbus/contract';
import { Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseHeaderLines } from '@/features/site-admin/components/rules/header-lines';
import type { PathIssue } from '@/shared/forms/form-issues';
import { issueText, type Translate } from '@/shared/forms/zod-rules';

/** One header rule as the contract checks it (the same schema for request and response headers). */
export const headerRuleSchema = backsourceSettingsSchema.shape.requestHeaders.unwrap().element;

/** Where the text of a list's "one per line" mode lives in the form (the contract drops it). */
export const headerLinesName = (list: ListPath) => ['headerLines', pathOf(list).join('.')];

/** A list field's place in the form: a name, or a path when its section sits under another field. */
export type ListPath = string | string[];
export const pathOf = (list: ListPath): string[] => (Array.isArray(list) ? list : [list]);

/** The first thing wrong with the lines, as a sentence naming the line; undefined when all pass. */
export function headerLinesError(
  text: string,
  t: Translate,
  labels: Record<string, string>,
): string | undefined {
  const parsed = parseHeaderLines(text);
  if (!parsed.ok) return t(`siteAdmin.rules.lines.${parsed.problem.kind}`, { line: parsed.problem.line });
  if (parsed.rules.length > SITE_SETTING_LIMITS.headers)
    return t('siteAdmin.rules.lines.tooMany', { max: SITE_SETTING_LIMITS.headers });
  for (const [index, rule] of parsed.rules.entries()) {
    const result = headerRuleSchema.safeParse(rule);
    if (result.success) continue;
    const issue = result.error.issues[0] as PathIssue;
    const field = String(issue.path[0] ?? 'name');
    return t('siteAdmin.rules.lines.onLine', {
      line: lineOfRule(text, index),
      problem: issueText(issue, t, labels[field] ?? field),
    });
  }
  return undefined;
}

/** The 1-based line of the `index`th non-blank line. */
function lineOfRule(text: string, index: number): number {
  let seen = -1;
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() !== '') seen += 1;
    if (seen === index) return i + 1;
  }
  return lines.length;
}

/**
 * The rules as text, one per line. Every edit that reads as rules goes straight into the list
 * (the tab saves what is shown); a line that does not, or a rule the contract refuses, is named
 * under the text and keeps the tab from saving.
 */
export function HeaderLinesField({
  list,
  label,
  labels,
}: {
  list: ListPath;
  label: string;
  labels: Record<string, string>;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const rule: FormRule = {
    validator: (_rule, value: unknown) => {
      const error = headerLinesError(typeof value === 'string' ? value : '', t, labels);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
  return (
    <Form.Item name={headerLinesName(list)} rules={[rule]} extra={t('siteAdmin.rules.lines.help')}>
      <Input.TextArea
        aria-label={t('siteAdmin.rules.lines.label', { field: label })}
        autoSize={{ minRows: 4, maxRows: 16 }}
        placeholder={'X-Origin-Token: abc123\n+Vary: Accept-Encoding\n-X-Powered-By'}
        spellCheck={false}
        onChange={(event) => {
          const previous = (form.getFieldValue(list) as HeaderRule[] | undefined) ?? [];
          const parsed = parseHeaderLines(event.target.value, previous);
          if (parsed.ok) form.setFieldValue(list, parsed.rules);
        }}
      />
    </Form.Item>
  );
}
