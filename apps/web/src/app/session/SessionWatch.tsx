import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isPublicPath, loginWithRedirect } from '@/app/routing/entry-rules';
import { onUnauthorized } from '@/shared/api/client';
import { sessionState } from '@/shared/auth/session-state';
import { TOKEN_KEY, tokenStore } from '@/shared/auth/token-store';

/**
 * Spec §4 Session: a login changed in another tab asks for a reload (account changed, or login
 * expired); a 401 from any call clears the login and offers to log in again.
 */
export function SessionWatch() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const open = useRef(false);
  const here = useRef({ pathname: '', search: '' });
  here.current = { pathname: location.pathname, search: location.search };

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      if (event.key === null && tokenStore.get() !== null) return;
      if (event.oldValue === event.newValue || open.current) return;
      open.current = true;
      const changed = event.newValue !== null;
      modal.warning({
        title: t(changed ? 'session.changedTitle' : 'session.expiredTitle'),
        content: t(changed ? 'session.changedContent' : 'session.loggedOutElsewhere'),
        okText: t('session.reload'),
        closable: false,
        mask: { closable: false },
        keyboard: false,
        onOk: () => window.location.reload(),
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [modal, t]);

  useEffect(
    () =>
      onUnauthorized(() => {
        if (sessionState.isSigningOut() || open.current) return;
        tokenStore.clear();
        queryClient.clear();
        // The public pages handle their own failures (a wrong password is not an expired login).
        if (isPublicPath(here.current.pathname)) return;
        open.current = true;
        modal.warning({
          title: t('session.expiredTitle'),
          content: t('common.unauthorized'),
          okText: t('session.relogin'),
          closable: false,
          mask: { closable: false },
          keyboard: false,
          onOk: () => {
            open.current = false;
            void navigate(loginWithRedirect(`${here.current.pathname}${here.current.search}`), {
              replace: true,
            });
          },
        });
      }),
    [modal, navigate, queryClient, t],
  );

  return null;
}
