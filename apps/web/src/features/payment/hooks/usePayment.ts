import type { PaymentHandoff } from '@nimbus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paymentApi, paymentKeys } from '@/features/payment/api/payment-api';
import { handoffPath, isFinal } from '@/features/payment/lib/handoff';
import { ApiError } from '@/shared/api/client';

/** How often the hand-off page asks whether the gateway's notification has paid the order. */
export const ORDER_POLL_MS = 3_000;

/** The gateways the admin has switched on and completed. */
export function useChannels() {
  return useQuery({ queryKey: paymentKeys.channels, queryFn: ({ signal }) => paymentApi.channels(signal) });
}

/**
 * The order, asked again every few seconds until it is paid or can no longer be (or does not
 * exist). Its failures show on the page, not as a toast every 3 s.
 */
export function useOrderPolling(serialNumber: string) {
  return useQuery({
    queryKey: paymentKeys.order(serialNumber),
    queryFn: ({ signal }) => paymentApi.order(serialNumber, signal),
    enabled: serialNumber !== '',
    meta: { silentError: true },
    refetchInterval: (query) =>
      isFinal(query.state.data) || (query.state.error instanceof ApiError && query.state.error.code === 404)
        ? false
        : ORDER_POLL_MS,
  });
}

/** Hands an order to a gateway, then opens the hand-off route with the PaymentHandoff in its state. */
export function useHandOff<T>(start: (body: T) => Promise<PaymentHandoff>) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: start,
    onSuccess: (handoff) => void navigate(handoffPath(handoff), { state: handoff }),
  });
}
