import { useQuery } from '@tanstack/react-query';
import { currentVariant } from '@/app/variant';
import { messageApi, messageKeys } from '@/features/message/api/message-api';

/** How often the badge asks the server for new messages. */
export const UNREAD_POLL_MS = 60_000;

/**
 * The number on the header's message badge: customers poll every minute (and every read or
 * delete invalidates it); admins have no inbox, so it is always 0 for them.
 */
export function useUnreadCount(): number {
  const { data } = useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => messageApi.unread(signal),
    enabled: currentVariant.side === 'customer',
    refetchInterval: UNREAD_POLL_MS,
  });
  return data?.unreadCount ?? 0;
}
