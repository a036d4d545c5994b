import type { PathIssue } from '@/shared/forms/form-issues';

/**
 * The form field an issue belongs to on a domain-admin tab. Site fields are top level (an origin
 * row's input is three deep: origins.0.address); a settings section sits under `settings`, and a
 * row of one of its lists (headers) is four deep: settings.responseHeaders.0.name.
 */
export function tabFieldName(path: readonly PropertyKey[]): (string | number)[] {
  const named = path.filter((p): p is string | number => typeof p !== 'symbol');
  if (named[0] === 'settings') return named.slice(0, typeof named[2] === 'number' ? 4 : 2);
  if (named[0] === 'origins' && named.length >= 3) return named.slice(0, 3);
  return named.slice(0, 1);
}

/** Issues of a section's own schema, moved under the form's `settings` field. */
export const underSettings = (issues: readonly PathIssue[]): PathIssue[] =>
  issues.map((issue) => ({ ...issue, path: ['settings', ...issue.path] }));

/**
 * Which field a server refusal is about: the server names the field by its label in the user's
 * language, so the field whose label the message holds (the longest, so "HTTPS ports" wins over
 * "HTTPS") gets the message; undefined when it names none of the tab's fields.
 */
export function fieldNamedIn(
  message: string,
  labels: readonly { name: (string | number)[]; label: string }[],
): (string | number)[] | undefined {
  const text = message.toLowerCase();
  const hits = labels.filter(({ label }) => label !== '' && text.includes(label.toLowerCase()));
  hits.sort((a, b) => b.label.length - a.label.length);
  return hits[0]?.name;
}
