import type { AnalyticsInterval, TrafficQuery } from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trafficApi, trafficKeys } from '@/features/traffic/api/traffic-api';
import { previousSpan, type Span } from '@/features/traffic/lib/traffic-range';

/** One series; nothing is asked while `query` is undefined (no site chosen yet). */
function useSeries(query: TrafficQuery | undefined) {
  return useQuery({
    queryKey: query ? trafficKeys.series(query) : [...trafficKeys.all, 'none'],
    queryFn: ({ signal }) => trafficApi.series(query!, signal),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}

const queryOf = (
  sites: Pick<TrafficQuery, 'siteIds' | 'groupId'>,
  { from, to }: Span,
  interval: AnalyticsInterval,
): TrafficQuery => ({
  ...sites,
  startTime: new Date(from).toISOString(),
  endTime: new Date(to).toISOString(),
  interval,
});

/** The chosen range's series and, for the dashed line, the same length just before it. */
export function useTrafficComparison(
  sites: Pick<TrafficQuery, 'siteIds' | 'groupId'> | undefined,
  span: Span,
  interval: AnalyticsInterval,
) {
  const current = useSeries(sites && queryOf(sites, span, interval));
  const previous = useSeries(sites && queryOf(sites, previousSpan(span), interval));
  return { current, previous };
}
