import type { StreamLogLine } from '@nimbus/contract';

/** One layer-4 session as stored (the raw row of `stream_logs`, before node and customer). */
export interface LoggedSession {
  /** When it ended: nginx writes the line then. */
  at: Date;
  ruleId: number;
  clientIp: string;
  clientPort: number;
  /** TCP or UDP. */
  protocol: string;
  status: number;
  sessionMs: number;
  /** Bytes from and to the client. */
  bytesIn: number;
  bytesOut: number;
  /** Bytes from and to the upstream (the sum when nginx tried several). */
  upstreamBytesIn: number;
  upstreamBytesOut: number;
  upstream: string;
}

export interface StoredSession extends LoggedSession {
  nodeId: number;
  customerId: number;
}

const MAX_TEXT = 256;
const text = (value: unknown) =>
  typeof value === 'string' ? value.slice(0, MAX_TEXT).replaceAll('\0', '') : '';
const wholeNumber = (value: unknown): number | null => {
  const n = Number(value);
  return typeof value === 'string' && value !== '' && Number.isSafeInteger(n) && n >= 0 ? n : null;
};
/** nginx lists one value per upstream tried ("0, 120"); `-` or empty when none was reached. */
function sumOfList(value: unknown): number {
  let sum = 0;
  for (const part of text(value).split(',')) {
    const n = Number(part.trim());
    if (Number.isSafeInteger(n) && n > 0) sum += n;
  }
  return sum;
}

/**
 * One line nginx wrote (contract STREAM_LOG_FIELDS, every value a JSON string), or null when it
 * is not one: a garbled line is skipped and counted, never a reason to refuse the batch.
 */
export function parseStreamLogLine(line: string): LoggedSession | null {
  let raw: Partial<StreamLogLine>;
  try {
    raw = JSON.parse(line) as Partial<StreamLogLine>;
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const ruleId = wholeNumber(raw.rule);
  const status = wholeNumber(raw.status);
  const seconds = Number(raw.time);
  if (!ruleId || ruleId > 2_147_483_647 || status === null || status > 999 || !(seconds > 0)) return null;
  return {
    at: new Date(Math.round(seconds * 1000)),
    ruleId,
    clientIp: text(raw.ip),
    clientPort: Math.min(wholeNumber(raw.port) ?? 0, 65_535),
    protocol: text(raw.proto),
    status,
    sessionMs: Math.min(Math.round((Number(raw.st) || 0) * 1000), 2_147_483_647),
    bytesIn: wholeNumber(raw.in) ?? 0,
    bytesOut: wholeNumber(raw.out) ?? 0,
    upstreamBytesIn: sumOfList(raw.uin),
    upstreamBytesOut: sumOfList(raw.uout),
    upstream: text(raw.up) === '-' ? '' : text(raw.up),
  };
}
