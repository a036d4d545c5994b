import {
  DNS_LIMITS,
  DNS_RECORD_TYPES,
  dnsRecordInputSchema,
  type DnsRecordInput,
  type DnsRecordType,
} from '@nimbus/contract';
import { issueText, type IssueLike, type Translate } from '@/shared/forms/zod-rules';

/** One line the bulk dialog cannot send: its number in the text and the contract's issue. */
export interface BulkProblem {
  line: number;
  /** The record field the issue is about (its label is `field.<name>`). */
  field: string;
  issue: IssueLike;
}

export type BulkParse =
  { ok: true; records: DnsRecordInput[] } | { ok: false; problems: BulkProblem[]; tooMany?: boolean };

/**
 * How many words the value of each type takes: SRV is "weight port target", CAA is
 * `flag tag "value"`; the others are one word (a TXT value with spaces is written in quotes).
 */
const VALUE_WORDS: Record<DnsRecordType, number> = {
  A: 1,
  AAAA: 1,
  CNAME: 1,
  MX: 1,
  TXT: 1,
  NS: 1,
  SRV: 3,
  CAA: 3,
};

/** Splits on blanks, keeping a "quoted part" (with its quotes) as one word. */
function words(line: string): string[] {
  return [...line.matchAll(/"[^"]*"|[^\s"]+(?:"[^"]*")?/g)].map((m) => m[0]);
}

const isType = (text: string): text is DnsRecordType =>
  (DNS_RECORD_TYPES as readonly string[]).includes(text);

/**
 * One record per line, `host type value [ttl] [priority]` (blank lines skipped): each line is
 * turned into the bulk request's record and checked with the contract's own schema, so the
 * dialog refuses exactly what the server would, naming the line.
 */
export function parseBulkRecords(text: string): BulkParse {
  const records: DnsRecordInput[] = [];
  const problems: BulkProblem[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const [host = '', typeWord = '', ...rest] = words(raw.trim());
    if (!host) return;
    const recordType = typeWord.toUpperCase();
    if (!isType(recordType)) {
      problems.push({ line, field: 'recordType', issue: { message: 'validation.invalid' } });
      return;
    }
    const count = VALUE_WORDS[recordType];
    let recordValue = rest.slice(0, count).join(' ');
    if (recordType === 'TXT') recordValue = recordValue.replace(/^"(.*)"$/, '$1');
    const [ttl, priority, ...extra] = rest.slice(count);
    if (extra.length > 0) {
      problems.push({ line, field: 'records', issue: { message: 'validation.invalid' } });
      return;
    }
    const candidate = {
      hostRecord: host,
      recordType,
      recordValue,
      ...(ttl === undefined ? {} : { ttl }),
      ...(priority === undefined ? {} : { priority }),
    };
    const parsed = dnsRecordInputSchema.safeParse(candidate);
    if (parsed.success) {
      // The request carries what was written; the server fills the defaults the same way.
      records.push({
        ...candidate,
        ...(ttl === undefined ? {} : { ttl: parsed.data.ttl }),
        ...(priority === undefined ? {} : { priority: parsed.data.priority }),
      });
      return;
    }
    const issue = parsed.error.issues[0]!;
    problems.push({ line, field: String(issue.path[0] ?? 'records'), issue });
  });
  if (problems.length > 0) return { ok: false, problems };
  if (records.length === 0)
    return {
      ok: false,
      problems: [{ line: 1, field: 'records', issue: { message: 'validation.required' } }],
    };
  if (records.length > DNS_LIMITS.bulkMax) return { ok: false, problems: [], tooMany: true };
  return { ok: true, records };
}

/** A problem as the sentence shown under the text: "Line 3: Record value …". */
export function bulkProblemText(problem: BulkProblem, t: Translate): string {
  const label = t(`field.${problem.field}`);
  return t('dns.bulk.lineError', { line: problem.line, message: issueText(problem.issue, t, label) });
}
