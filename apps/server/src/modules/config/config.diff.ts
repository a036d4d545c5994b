/** Top-level fields whose value differs (names only: the audit log never holds values). */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!isPlainObject(before) || !isPlainObject(after))
    return JSON.stringify(before) === JSON.stringify(after) ? [] : ['*'];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).sort();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
