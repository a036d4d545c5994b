import type { BlockSource, BlockState, BlocklistListRequest } from '@nimbus/contract';

/** What the toolbar filters by; 'all' states is the toolbar's own choice, not the API's. */
export interface BlocklistFilters {
  keyword?: string;
  state: BlockState | 'all';
  source?: BlockSource;
}

/** The screen opens on what the edges enforce now. */
export const DEFAULT_FILTERS: BlocklistFilters = { state: 'active' };

/** The list call for a page of the filtered list: "all" states and blank search send nothing. */
export function listRequest(filters: BlocklistFilters, page: number, limit: number): BlocklistListRequest {
  const keyword = filters.keyword?.trim();
  return {
    page,
    limit,
    ...(keyword ? { keyword } : {}),
    ...(filters.state !== 'all' ? { state: filters.state } : {}),
    ...(filters.source ? { source: filters.source } : {}),
  };
}

/** The statistics windows the strip offers, in hours: 1 h (spec §2 default), 6 h, 24 h, 7 d. */
export const STATS_WINDOWS = [1, 6, 24, 168] as const;
export type StatsWindow = (typeof STATS_WINDOWS)[number];
