import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isPublicPath, loginWithRedirect } from '@/app/routing/entry-rules';
import { onUnauthorized } from '@/shared/api/client';
import { sessionState } from '@/shared/auth/session-state';
import { TOKEN_KEY, tokenStore } from '@/shared/auth/token-store';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { PageErrorBoundary } from '@/shared/lazy/PageErrorBoundary';
import type { SessionNotice } from './SessionDialog';

// The dialog's code (antd's modal) is fetched only when a session event happens.
const SessionDialog = lazyNamed(() => import('./SessionDialog'), 'SessionDialog');

/**
 * Spec §4 Session: a login changed in another tab asks for a reload (account changed, or login
 * expired); a 401 from any call clears the login and offers to log in again.
 */
export function SessionWatch() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<SessionNotice | null>(null);
  const here = useRef({ pathname: '', search: '' });
  here.current = { pathname: location.pathname, search: location.search };

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      if (event.key === null && tokenStore.get() !== null) return;
      if (event.oldValue === event.newValue) return;
      const next: SessionNotice = event.newValue !== null ? 'changed' : 'loggedOutElsewhere';
      setNotice((open) => open ?? next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(
    () =>
      onUnauthorized(() => {
        if (sessionState.isSigningOut()) return;
        tokenStore.clear();
        queryClient.clear();
        // The public pages handle their own failures (a wrong password is not an expired login).
        if (isPublicPath(here.current.pathname)) return;
        setNotice((open) => open ?? 'expired');
      }),
    [queryClient],
  );

  if (notice === null) return null;
  const onOk = () => {
    if (notice !== 'expired') {
      window.location.reload();
      return;
    }
    setNotice(null);
    void navigate(loginWithRedirect(`${here.current.pathname}${here.current.search}`), { replace: true });
  };
  return (
    <PageErrorBoundary resetKey={notice}>
      <Suspense fallback={null}>
        <SessionDialog notice={notice} onOk={onOk} />
      </Suspense>
    </PageErrorBoundary>
  );
}
