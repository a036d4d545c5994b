import type { Page } from '@nimbus/contract';

/** The export reads at most this many pages of the largest page size the API serves. */
export const EXPORT_PAGE_SIZE = 200;
export const EXPORT_MAX_PAGES = 10;

export interface CollectedRows<T> {
  rows: T[];
  /** How many rows the filter matched. */
  total: number;
  /** True when the filter matched more than the export reads. */
  cut: boolean;
}

/**
 * The rows of a filter page by page (newest first), up to EXPORT_MAX_PAGES × EXPORT_PAGE_SIZE:
 * the request log has no server-side export, and a longer log is a narrower filter's job.
 */
export async function collectRows<T>(
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
): Promise<CollectedRows<T>> {
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
    const answer = await fetchPage(page, EXPORT_PAGE_SIZE);
    rows.push(...answer.list);
    total = answer.totalCount;
    if (answer.list.length < EXPORT_PAGE_SIZE || rows.length >= total) break;
  }
  return { rows, total, cut: total > rows.length };
}
