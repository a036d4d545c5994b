import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { currentVariant } from '@/app/variant';
import { tokenStore } from '@/shared/auth/token-store';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { PageLoading } from '@/shared/ui/PageLoading';
import { AccessTokenExchange } from './AccessTokenExchange';
import { AdminTokenCheck } from './AdminTokenCheck';
import { decideEntry } from './entry-rules';
import { forgetSession } from './forget-session';

const needsRegisterFlag = (pathname: string) => /^\/register(-binding)?\/?$/.test(pathname);

/**
 * Spec §2 routing rules in front of every page: a link's access_token or admin token is turned
 * into a login first; then the location is decided (redirect, clear the login, or show).
 */
export function EntryGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const { config, loaded, failed } = useWebConfig();
  const params = new URLSearchParams(location.search);
  const decision = decideEntry({
    pathname: location.pathname,
    search: location.search,
    loggedIn: tokenStore.get() !== null,
    variant: currentVariant,
    registerDisabled: config.power.register === 1,
  });
  const clearLogin = decision.kind === 'render' && decision.clearLogin;

  useLayoutEffect(() => {
    if (clearLogin && tokenStore.get() !== null) forgetSession(queryClient);
  }, [clearLogin, queryClient]);

  if (currentVariant.side === 'customer' && params.has('access_token')) return <AccessTokenExchange />;
  if (params.has('token')) return <AdminTokenCheck />;
  // Whether registration is open is known once the config arrives; if it cannot be had, the
  // page shows (the server refuses a registration that is closed, with its own message).
  if (needsRegisterFlag(location.pathname) && !loaded && !failed) return <PageLoading fullscreen />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
