import { ACCOUNT_API } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { currentVariant } from '@/app/variant';
import { api } from '@/shared/api/client';
import { sessionState } from '@/shared/auth/session-state';
import { tokenStore } from '@/shared/auth/token-store';

/**
 * Sign out: revoke the session on the server, then forget it here whatever the answer (an
 * expired session is as good as revoked), drop cached data and go to login.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const path = currentVariant.side === 'admin' ? ACCOUNT_API.admin.logout : ACCOUNT_API.customer.logout;
    sessionState.beginSignOut();
    try {
      await api.post(path);
    } catch {
      // A failure toast is no use here: the user is leaving either way.
    }
    tokenStore.clear();
    queryClient.clear();
    try {
      await navigate('/login', { replace: true });
    } finally {
      sessionState.endSignOut();
    }
  }, [navigate, queryClient]);
}
