import type { HeaderAction, HeaderRule } from '@nimbus/contract';

/**
 * The "one per line" form of header rules (spec §5): `Name: content` sets a header, `+Name: content`
 * adds one (beside any the origin sent), `-Name` deletes it. Remarks are not part of a line: a
 * rule keeps its remark when a line names the same action and header again.
 */
export function headerLinesOf(rules: readonly HeaderRule[]): string {
  return rules
    .map((rule) => {
      if (rule.action === 'delete') return `-${rule.name}`;
      return `${rule.action === 'add' ? '+' : ''}${rule.name}: ${rule.content}`;
    })
    .join('\n');
}

/** A line that is not `[+|-]Name[: content]`, by its number (1-based). */
export interface HeaderLineProblem {
  line: number;
  kind: 'noColon' | 'noName';
}

export type HeaderLinesParsed = { ok: true; rules: HeaderRule[] } | { ok: false; problem: HeaderLineProblem };

/**
 * Rules from lines; blank lines are skipped. Only the shape of a line is checked here; names and
 * contents are then checked by the contract's rule schema, like rows.
 */
export function parseHeaderLines(text: string, previous: readonly HeaderRule[] = []): HeaderLinesParsed {
  const rules: HeaderRule[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const action: HeaderAction = line.startsWith('+') ? 'add' : line.startsWith('-') ? 'delete' : 'set';
    const body = action === 'set' ? line : line.slice(1).trimStart();
    const colon = body.indexOf(':');
    if (action !== 'delete' && colon < 0) return { ok: false, problem: { line: index + 1, kind: 'noColon' } };
    const name = (colon < 0 ? body : body.slice(0, colon)).trim();
    if (name === '') return { ok: false, problem: { line: index + 1, kind: 'noName' } };
    // Content keeps inner spaces and colons (`Link: <a>; rel=x`); only the space after the colon goes.
    const content = action === 'delete' || colon < 0 ? '' : body.slice(colon + 1).trim();
    const remark = previous.find((r) => r.action === action && r.name === name)?.remark ?? '';
    rules.push({ action, name, content, remark });
  }
  return { ok: true, rules };
}
