import { isMessageKey } from '@nimbus/contract';
import type { FormRule } from 'antd';

/** What the adapter needs from i18next's `t` (narrow, so tests can pass a fake). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The part of a zod issue the adapter reads (kept structural: the web does not import zod). */
export interface IssueLike {
  message: string;
  code?: string;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  /** A custom issue's placeholders (`{line}`, `{value}`), as the server's message fills them. */
  params?: Record<string, unknown>;
}

/** Any zod schema: only `safeParse` is used. */
export interface SchemaLike {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly IssueLike[] } };
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** zod's built-in issues as catalogue keys, the way the server's error handler maps them. */
function builtInKey(issue: IssueLike, input: unknown): string {
  const isText = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      return isBlank(input) ? 'validation.required' : 'validation.invalid';
    case 'too_small':
      if (!isText) return 'validation.tooSmall';
      return Number(issue.minimum) === 1 ? 'validation.required' : 'validation.tooShort';
    case 'too_big':
      return isText ? 'validation.tooLong' : 'validation.tooBig';
    default:
      return 'validation.invalid';
  }
}

/**
 * A contract issue as a sentence: a catalogue key (`validation.required`, `validation.domain`…)
 * is filled with the form's own label for `{field}`; a zod built-in issue is mapped like the
 * server does, so the form never shows the library's English.
 */
export function issueText(issue: IssueLike, t: Translate, label: string, input?: unknown): string {
  const params: Record<string, unknown> = { ...issue.params, field: label };
  if (issue.maximum !== undefined) params.max = Number(issue.maximum);
  if (issue.minimum !== undefined) params.min = Number(issue.minimum);
  return t(isMessageKey(issue.message) ? issue.message : builtInKey(issue, input), params);
}

/** First failure of `schema` for `value`, as a sentence; undefined when the value passes. */
export function schemaError(
  schema: SchemaLike,
  value: unknown,
  t: Translate,
  label: string,
): string | undefined {
  // antd hands emptied inputs over as undefined or null: the contract's schemas expect ''.
  const input = value === undefined || value === null ? '' : value;
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? issueText(issue, t, label, input) : t('validation.invalid', { field: label });
}

/**
 * A contract field schema as an antd rule, so a form rejects exactly what the server rejects
 * with the same sentence. `required` only adds antd's asterisk; the schema decides.
 */
export function zodRule(schema: SchemaLike, t: Translate, label: string, required = false): FormRule {
  return {
    required,
    validator: (_rule, value: unknown) => {
      const error = schemaError(schema, value, t, label);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}
