import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { currentVariant } from '@/app/variant';
import { tokenStore } from '@/shared/auth/token-store';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { PageErrorBoundary } from '@/shared/lazy/PageErrorBoundary';
import { PageLoading } from '@/shared/ui/PageLoading';
import { decideEntry } from './entry-rules';
import { forgetSession } from './forget-session';

// Links that carry a login are rare: their code (and the menu it checks) loads only for them.
const AccessTokenExchange = lazyNamed(() => import('./AccessTokenExchange'), 'AccessTokenExchange');
const AdminTokenCheck = lazyNamed(() => import('./AdminTokenCheck'), 'AdminTokenCheck');

function LinkLogin({ kind }: { kind: 'accessToken' | 'adminToken' }) {
  return (
    <PageErrorBoundary resetKey={kind}>
      <Suspense fallback={<PageLoading fullscreen />}>
        {kind === 'accessToken' ? <AccessTokenExchange /> : <AdminTokenCheck />}
      </Suspense>
    </PageErrorBoundary>
  );
}

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

  if (currentVariant.side === 'customer' && params.has('access_token'))
    return <LinkLogin kind="accessToken" />;
  if (params.has('token')) return <LinkLogin kind="adminToken" />;
  // Whether registration is open is known once the config arrives; if it cannot be had, the
  // page shows (the server refuses a registration that is closed, with its own message).
  if (needsRegisterFlag(location.pathname) && !loaded && !failed) return <PageLoading fullscreen />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
