import { parsePurgeEntries, type PurgeKind } from '@nimbus/contract';

/** A catalogue key of the contract (`purge.*`) with its parameters, ready for `t`. */
export interface PurgeMessage {
  key: string;
  params: Record<string, string | number>;
}

export interface PurgeCheck {
  /** Distinct entries that would be sent (duplicates count once, as on the server). */
  count: number;
  duplicates: number;
  /** The first reason the server would refuse the text, in its own words; none when empty. */
  error?: PurgeMessage;
}

/**
 * The textarea checked with the contract's parser, line by line, before anything is sent, so
 * the form names the same line and value as the server's `purge.*` messages would. Whether a
 * domain belongs to the customer stays the server's part (it ignores those entries).
 */
export function checkPurgeText(kind: PurgeKind, text: string, maxEntries: number): PurgeCheck {
  const { entries, duplicates, problem } = parsePurgeEntries(kind, text);
  const result = { count: entries.length, duplicates: duplicates.length };
  if (problem)
    return {
      ...result,
      error: { key: `purge.${problem.reason}`, params: { line: problem.line, value: problem.value } },
    };
  if (entries.length > maxEntries)
    return { ...result, error: { key: 'purge.tooMany', params: { max: maxEntries } } };
  return result;
}

/** The message for an empty submission. */
export const NO_ENTRIES: PurgeMessage = { key: 'purge.noEntries', params: {} };
