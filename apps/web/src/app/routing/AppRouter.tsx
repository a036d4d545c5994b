import { Suspense } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
  useRouteError,
} from 'react-router';
import { SessionWatch } from '@/app/session/SessionWatch';
import { currentVariant } from '@/app/variant';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { PageErrorBoundary, PageFailure } from '@/shared/lazy/PageErrorBoundary';
import { PageLoading } from '@/shared/ui/PageLoading';
import { EntryGate } from './EntryGate';
import { PublicRoute } from './PublicRoute';

// The console frame (layout, menus) loads after login, so the login page's first load stays small.
const ConsoleShell = lazyNamed(() => import('@/app/shell/ConsoleShell'), 'ConsoleShell');

function LazyConsole() {
  return (
    <PageErrorBoundary resetKey="console">
      <Suspense fallback={<PageLoading fullscreen />}>
        <ConsoleShell />
      </Suspense>
    </PageErrorBoundary>
  );
}

function RootFrame() {
  return (
    <>
      <SessionWatch />
      <Outlet />
    </>
  );
}

/** Spec §2 `/redirect/<path>`: re-enters a page so it mounts afresh (the "refresh" action). */
function RedirectRoute() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}

function RouteError() {
  return <PageFailure error={useRouteError()} />;
}

const publicRoute = (path: string, page: Parameters<typeof PublicRoute>[0]['page']) => ({
  path,
  element: (
    <EntryGate>
      <PublicRoute page={page} />
    </EntryGate>
  ),
});

export const router = createBrowserRouter(
  [
    {
      element: <RootFrame />,
      errorElement: <RouteError />,
      children: [
        publicRoute('login', 'login'),
        publicRoute('register', 'register'),
        publicRoute('forget', 'forget'),
        publicRoute('reset-password', 'resetPassword'),
        publicRoute('register-binding', 'registerBinding'),
        { path: 'redirect/*', element: <RedirectRoute /> },
        {
          path: '*',
          element: (
            <EntryGate>
              <LazyConsole />
            </EntryGate>
          ),
        },
      ],
    },
  ],
  { basename: currentVariant.basename || '/' },
);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
