import type { RequestLogQuery } from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestLogApi, requestLogKeys } from '@/features/request-log/api/request-log-api';

/** One page of the log; the previous page stays on screen while the next loads. */
export function useRequestLog(query: RequestLogQuery) {
  return useQuery({
    queryKey: requestLogKeys.page(query),
    queryFn: ({ signal }) => requestLogApi.page(query, signal),
    placeholderData: keepPreviousData,
  });
}
