import type { FormRule } from 'antd';

/** What a rule function gets from antd: reading values is all the rules here need. */
type FormReader = { getFieldValue: (name: unknown) => unknown; getFieldsValue: (all: true) => unknown };
import type { PathIssue } from '@/shared/forms/form-issues';
import { issueText, type Translate } from '@/shared/forms/zod-rules';

/** A contract schema whose issues carry paths (any zod schema). */
export interface PathSchemaLike {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly unknown[] } };
}

export type FieldPath = readonly (string | number)[];

/** An issue at the field or inside it (one tag of a tags field, one line of a list). */
const isWithin = (issuePath: readonly PropertyKey[], field: FieldPath) =>
  issuePath.length >= field.length && field.every((segment, i) => segment === issuePath[i]);

/**
 * A field checked with the contract's schema of what holds it — the whole section, or one row of
 * a list — so rules that read other fields (a custom Host needs a name, delete needs no content)
 * show on the field the contract names, with the server's sentence. `path` is the field's path
 * inside the value `read` returns; give the field `dependencies` on the fields its rule reads.
 */
export function pathRule(
  schema: PathSchemaLike,
  read: (form: FormReader) => unknown,
  path: FieldPath,
  t: Translate,
  label: string,
): FormRule {
  return (form) => ({
    validator: () => {
      const result = schema.safeParse(read(form));
      const issue = result.success
        ? undefined
        : (result.error.issues as PathIssue[]).find((i) => isWithin(i.path, path));
      return issue ? Promise.reject(new Error(issueText(issue, t, label))) : Promise.resolve();
    },
  });
}

/** The whole form's values checked with the section's schema, for the field at `path`. */
export const sectionRule = (schema: PathSchemaLike, path: FieldPath, t: Translate, label: string) =>
  pathRule(schema, (form) => form.getFieldsValue(true), path, t, label);

/**
 * One row of the list `list` checked with the row's schema, for the row's field `field`. A row
 * schema with refinements after a transform stops at its first failing stage, so a wrong name
 * would hide the content's own problem: `standIn` puts valid values in the other fields first.
 */
export const rowRule = (
  schema: PathSchemaLike,
  list: FieldPath,
  index: number,
  field: string,
  t: Translate,
  label: string,
  standIn: Readonly<Record<string, unknown>> = {},
) =>
  pathRule(
    schema,
    (form) => ({ ...(form.getFieldValue([...list, index]) as object), ...standIn }),
    [field],
    t,
    label,
  );

/**
 * An emptied number input is null, which the contract's coercing numbers would read as 0: a
 * cleared timeout or TTL must say it is empty instead of quietly meaning "0".
 */
export const filledRule = (t: Translate, label: string): FormRule => ({
  required: true,
  validator: (_rule, value: unknown) =>
    value === null || value === undefined || value === ''
      ? Promise.reject(new Error(t('validation.required', { field: label })))
      : Promise.resolve(),
});

/** A list's own rules (how many, no repeated status), checked with the contract's list schema. */
export const listRule = (schema: PathSchemaLike, t: Translate, label: string) => ({
  validator: (_rule: unknown, value: unknown) => {
    const result = schema.safeParse(value ?? []);
    const issue = result.success
      ? undefined
      : (result.error.issues as PathIssue[]).find((i) => i.path.length === 0);
    return issue ? Promise.reject(new Error(issueText(issue, t, label))) : Promise.resolve();
  },
});
