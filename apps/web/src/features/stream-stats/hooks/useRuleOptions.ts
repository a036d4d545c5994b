import { useQuery } from '@tanstack/react-query';
import { streamApi, streamKeys } from '@/features/stream/api/stream-api';

/** The customer's forwarding rules for the choosers (the list API's largest page). */
const REQUEST = { page: 1, limit: 200 };

export function useRuleOptions() {
  return useQuery({
    queryKey: streamKeys.list(REQUEST),
    queryFn: ({ signal }) => streamApi.list(REQUEST, signal),
    select: (page) =>
      page.list.map((rule) => ({
        value: rule.id,
        label: `${rule.name ? `${rule.name} · ` : ''}${rule.protocol.toUpperCase()} ${rule.listenPort}`,
      })),
  });
}
