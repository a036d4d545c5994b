import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toastWarning } from '@/app/providers/error-toast';
import { currentVariant } from '@/app/variant';
import { PageLoading } from '@/shared/ui/PageLoading';
import { withoutParam } from './entry-rules';
import { adoptSession } from './forget-session';
import { findRoute, buildConsoleRoutes } from './menu-routes';
import { fetchMenu } from './useConsoleMenu';

/** True when the menu of the account behind `token` lets `pathname` take a login from the URL. */
async function allowsAdminToken(token: string, pathname: string): Promise<boolean> {
  try {
    const routes = buildConsoleRoutes(await fetchMenu(currentVariant, { token }));
    return findRoute(routes, pathname)?.node.meta.allowAdmin === true;
  } catch {
    return false;
  }
}

/**
 * Spec §2: a route flagged allowAdmin takes `?token=` as the login (an admin's "log in as this
 * customer"). Anywhere else the parameter is dropped, so a link cannot swap someone's login.
 */
export function AdminTokenCheck() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const token = new URLSearchParams(location.search).get('token') ?? '';

  useEffect(() => {
    let active = true;
    void allowsAdminToken(token, location.pathname).then((allowed) => {
      if (!active) return;
      if (allowed) adoptSession(queryClient, token);
      else toastWarning(t('session.tokenRefused'));
      void navigate(`${location.pathname}${withoutParam(location.search, 'token')}`, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [token, location.pathname, location.search, navigate, queryClient, t]);

  return <PageLoading fullscreen />;
}
