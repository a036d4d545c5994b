import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@/features/account/api/account-api';
import { currentUserQueryKey } from '@/shared/auth/useCurrentUser';

/** Enrol/enable/disable two-factor authentication; the account's status is re-read afterwards. */
export function useTotp() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  return {
    setup: useMutation({ mutationFn: accountApi.totpSetup }),
    enable: useMutation({ mutationFn: accountApi.totpEnable, onSuccess: refresh }),
    disable: useMutation({ mutationFn: accountApi.totpDisable, onSuccess: refresh }),
  };
}
