import { ResultCode } from '@nimbus/contract';
import { Button } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRoutes } from 'react-router';
import { extraUnavailableRoutes, findRoute } from '@/app/routing/menu-routes';
import { ConsoleRoutesContext } from '@/app/routing/route-context';
import { useConsoleMenu } from '@/app/routing/useConsoleMenu';
import { ConsoleLayout } from '@/features/layout/components/ConsoleLayout';
import { FeedbackProvider } from '@/shared/feedback/FeedbackProvider';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { StatusPanel } from '@/shared/ui/StatusPanel';

import { ApiError } from '@/shared/api/client';
import { useCurrentUser } from '@/shared/auth/useCurrentUser';
import { useLogout } from '@/shared/auth/useLogout';
import './dayjs-locale';
import { PageLoading } from '@/shared/ui/PageLoading';
import { KeepAlive } from './KeepAlive';
import { RoutePage } from './RoutePage';

// Its 404 illustration loads only when a path is not found.
const NotFoundPage = lazyNamed(() => import('@/features/unavailable/pages/NotFoundPage'), 'NotFoundPage');

function LoadFailure({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <StatusPanel
      status="warning"
      title={t('shell.loadFailed')}
      subTitle={t('shell.loadFailedHint')}
      style={{ paddingTop: '15vh' }}
      extra={[
        <Button key="retry" type="primary" onClick={retry}>
          {t('shell.retry')}
        </Button>,
        <Button key="logout" onClick={() => void logout()}>
          {t('layout.signOut')}
        </Button>,
      ]}
    />
  );
}

const isUnauthorized = (error: unknown) =>
  error instanceof ApiError && error.code === ResultCode.unauthorized;

/**
 * The logged-in console, with its screens' toasts and dialogs (loaded with the first of them)
 * around it.
 */
export function ConsoleShell() {
  return (
    <FeedbackProvider>
      <div className="nimbus-app">
        <ConsoleFrame />
      </div>
    </FeedbackProvider>
  );
}

/** Loads the account and its menu, then routes the menu's pages in the layout. */
function ConsoleFrame() {
  const user = useCurrentUser();
  const menu = useConsoleMenu(user.data);
  const location = useLocation();

  const routes = useMemo(
    () => [
      ...menu.routes,
      ...extraUnavailableRoutes(
        menu.routes,
        menu.avatarEntries.map((entry) => ({ path: entry.path, title: entry.label })),
      ),
    ],
    [menu.routes, menu.avatarEntries],
  );
  const routeObjects = useMemo(
    () => [
      ...routes.map((route) => ({ path: route.path.slice(1), element: <RoutePage route={route} /> })),
      {
        path: '*',
        element: (
          <Suspense fallback={<PageLoading />}>
            <NotFoundPage />
          </Suspense>
        ),
      },
    ],
    [routes],
  );
  const content = useRoutes(routeObjects);
  const current = useMemo(() => findRoute(routes, location.pathname), [routes, location.pathname]);

  const error = user.error ?? menu.error;
  // A 401 opens the relogin dialog (SessionWatch); the spinner stays behind it.
  if (error && !isUnauthorized(error)) {
    return (
      <LoadFailure
        retry={() => {
          if (user.error) void user.refetch();
          else menu.refetch();
        }}
      />
    );
  }
  if (!user.data || menu.isPending) return <PageLoading fullscreen />;

  return (
    <ConsoleRoutesContext.Provider value={{ routes, current, avatarEntries: menu.avatarEntries }}>
      <ConsoleLayout tree={menu.tree} current={current} user={user.data}>
        <KeepAlive>{content}</KeepAlive>
      </ConsoleLayout>
    </ConsoleRoutesContext.Provider>
  );
}
