import { diffLines } from 'diff';

export interface DiffLine {
  kind: 'added' | 'removed' | 'same';
  text: string;
}

/** A JSON value as stable text: keys sorted at every level, so a diff shows changes, not order. */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return value === null || value === undefined ? '' : JSON.stringify(sort(value), null, 2);
}

/** The line changes from `before` to `after` (the `diff` package's line diff), one entry a line. */
export function lineDiff(before: string, after: string): DiffLine[] {
  return diffLines(before, after).flatMap((part) => {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const lines = part.value.replace(/\n$/, '').split('\n');
    return lines.map((text) => ({ kind, text }) as DiffLine);
  });
}

/**
 * Unchanged runs longer than `context` lines on each side of a change fold into one marker, so a
 * one-line change in a long nginx file reads at a glance.
 */
export function folded(
  lines: readonly DiffLine[],
  context = 3,
): (DiffLine | { kind: 'fold'; count: number })[] {
  const near = lines.map((_, i) =>
    lines.slice(Math.max(0, i - context), i + context + 1).some((l) => l.kind !== 'same'),
  );
  const out: (DiffLine | { kind: 'fold'; count: number })[] = [];
  for (const [i, line] of lines.entries()) {
    if (near[i]) out.push(line);
    else {
      const last = out.at(-1);
      if (last?.kind === 'fold') last.count += 1;
      else out.push({ kind: 'fold', count: 1 });
    }
  }
  return out;
}
