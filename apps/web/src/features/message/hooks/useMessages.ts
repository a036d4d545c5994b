import type { MessageReadRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentVariant } from '@/app/variant';
import { messageApi, messageKeys } from '@/features/message/api/message-api';
import { messagePathsFor } from '@/features/message/lib/message-paths';

const isCustomer = currentVariant.side === 'customer';

/** The customer's newest messages with the unread counter (admins have no inbox). */
export function useMessageList(enabled = true) {
  return useQuery({
    queryKey: messageKeys.list(),
    queryFn: ({ signal }) => messageApi.list(signal),
    enabled: isCustomer && enabled,
  });
}

/** One message; the server marks it read, so the list and the badge are refreshed afterwards. */
export function useMessageDetail(id: number | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => {
      const message = await messageApi.info(id!, signal);
      void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
      return message;
    },
    enabled: isCustomer && id !== undefined,
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
}

export function useDeleteMessages() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: (ids: number[]) => messageApi.remove({ ids }), onSettled: refresh });
}

export function useMarkRead() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: MessageReadRequest) => messageApi.markRead(body),
    onSettled: refresh,
  });
}

/** This console's message list and detail pages (spec §2: message, message/detail). */
export const messagePaths = messagePathsFor(currentVariant.product);
