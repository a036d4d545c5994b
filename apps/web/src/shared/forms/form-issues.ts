import type { IssueLike } from '@/shared/forms/zod-rules';

/** A contract (zod) issue with the path of the field it concerns. */
export interface PathIssue extends IssueLike {
  path: readonly PropertyKey[];
}

/** A request body checked by the contract: the body as the server will read it, or the issues. */
export type Parsed<T> = { ok: true; body: T } | { ok: false; issues: PathIssue[] };

interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
}

export function parseWith<T>(schema: SafeParser<T>, value: unknown): Parsed<T> {
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, issues: result.error.issues as PathIssue[] };
}

/**
 * The form field an issue belongs to: one row's own input inside a list of rows (origins), else
 * the top-level field.
 */
export function issueFieldName(path: readonly PropertyKey[]): (string | number)[] {
  const named = path.filter((p): p is string | number => typeof p !== 'symbol');
  return named[0] === 'origins' && named.length >= 3 ? named.slice(0, 3) : named.slice(0, 1);
}
