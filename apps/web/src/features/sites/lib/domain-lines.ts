import { parseDomainList, SITE_LIMITS } from '@nimbus/contract';

export type DomainLinesProblem =
  | { kind: 'empty' }
  | { kind: 'invalid' | 'duplicate'; line: number; value: string }
  | { kind: 'tooMany'; count: number; max: number };

export interface DomainLinesCheck {
  /** Distinct valid domains, or the non-blank lines while the text is wrong (for the counter). */
  count: number;
  problem?: DomainLinesProblem;
}

/** Spec §5 domain list (one per line, no duplicates) with the first bad line, and the bulk limit. */
export function checkDomainLines(text: string | undefined): DomainLinesCheck {
  const value = text ?? '';
  const result = parseDomainList(value);
  if (!result.ok) {
    const count = value.split(/\r?\n/).filter((line) => line.trim() !== '').length;
    return { count, problem: { kind: result.reason, line: result.line, value: result.value } };
  }
  const count = result.items.length;
  if (count === 0) return { count, problem: { kind: 'empty' } };
  if (count > SITE_LIMITS.bulkDomains)
    return { count, problem: { kind: 'tooMany', count, max: SITE_LIMITS.bulkDomains } };
  return { count };
}
