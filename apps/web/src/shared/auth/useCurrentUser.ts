import { ACCOUNT_API, type AdminInfo, type UserInfo } from '@nimbus/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { currentVariant, type VariantInfo } from '@/app/variant';
import { api } from '@/shared/api/client';
import { tokenStore } from '@/shared/auth/token-store';

export type CurrentUser = { side: 'customer'; user: UserInfo } | { side: 'admin'; user: AdminInfo };

export const currentUserQueryKey = ['current-user', currentVariant.variant] as const;

export async function fetchCurrentUser(
  variant: Pick<VariantInfo, 'side'>,
  signal?: AbortSignal,
): Promise<CurrentUser> {
  if (variant.side === 'admin') {
    return { side: 'admin', user: await api.get<AdminInfo>(ACCOUNT_API.admin.userInfo, undefined, signal) };
  }
  return {
    side: 'customer',
    user: await api.get<UserInfo>(ACCOUNT_API.customer.userInfo, undefined, signal),
  };
}

/**
 * The logged-in account of this console: `GET app/account/userinfo` for customers,
 * `GET sys/account/userinfo` for admins. Idle while no login is stored.
 */
export function useCurrentUser(): UseQueryResult<CurrentUser> {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(currentVariant, signal),
    enabled: tokenStore.get() !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** The customer's info, or undefined on an admin console / before it loaded. */
export function customerOf(current: CurrentUser | undefined): UserInfo | undefined {
  return current?.side === 'customer' ? current.user : undefined;
}

/** The name to greet and show in the avatar. */
export function displayNameOf(current: CurrentUser | undefined): string {
  return current?.user.username ?? '';
}
