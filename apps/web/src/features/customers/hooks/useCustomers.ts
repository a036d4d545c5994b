import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentVariant } from '@/app/variant';
import {
  customersApi,
  customersQueryKey,
  type CustomerListParams,
} from '@/features/customers/api/customers-api';
import { customerConsoleUrl } from '@/features/customers/lib/login-as';

export function useCustomerList(params: CustomerListParams) {
  return useQuery({
    queryKey: [...customersQueryKey, params],
    queryFn: ({ signal }) => customersApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Opens the customer console in a new tab, signed in as the chosen customer. */
export function useLoginAs() {
  const mutation = useMutation({ mutationFn: customersApi.loginAs });
  async function loginAs(userId: number) {
    // Open the tab inside the click so it is not blocked as a pop-up; fill it once the token is here.
    const tab = window.open('about:blank', '_blank');
    try {
      const { token } = await mutation.mutateAsync(userId);
      const url = customerConsoleUrl(currentVariant, token);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch {
      tab?.close();
    }
  }
  return { loginAs, pendingId: mutation.isPending ? mutation.variables : undefined };
}

/** A change to customers (status, details, 2FA): the list is read again once it is saved. */
export function useCustomerChange<V, R>(change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
