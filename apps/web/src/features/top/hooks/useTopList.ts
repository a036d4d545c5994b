import type { TopQuery } from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { topApi, topKeys } from '@/features/top/api/top-api';

/** `enabled` false while the range is one the API refuses (the screen says why). */
export function useTopList(query: TopQuery, enabled = true) {
  return useQuery({
    queryKey: topKeys.list(query),
    queryFn: ({ signal }) => topApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
