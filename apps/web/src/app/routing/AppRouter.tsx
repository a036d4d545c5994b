import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { SessionWatch } from '@/app/session/SessionWatch';
import { currentVariant } from '@/app/variant';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { PageErrorBoundary } from '@/shared/lazy/PageErrorBoundary';
import { PageLoading } from '@/shared/ui/PageLoading';
import { EntryGate } from './EntryGate';
import { PublicRoute, type PublicPageName } from './PublicRoute';

// The console frame (layout, menus, the console's strings) loads after login, so the login
// page's first load stays small; the words it shows load beside its code.
const ConsoleShell = lazyNamed(async () => {
  const [shell] = await Promise.all([
    import('@/app/shell/ConsoleShell'),
    import('@/i18n/console-strings').then((strings) => strings.loadFrameStrings()),
  ]);
  return shell;
}, 'ConsoleShell');

function LazyConsole() {
  return (
    <PageErrorBoundary resetKey="console">
      <Suspense fallback={<PageLoading fullscreen />}>
        <ConsoleShell />
      </Suspense>
    </PageErrorBoundary>
  );
}

/** The last resort for a crash outside a page's own boundary; the next location starts afresh. */
function RootErrorBoundary({ children }: { children: ReactNode }) {
  return <PageErrorBoundary resetKey={useLocation().pathname}>{children}</PageErrorBoundary>;
}

const PUBLIC_ROUTES: [path: string, page: PublicPageName][] = [
  ['login', 'login'],
  ['register', 'register'],
  ['forget', 'forget'],
  ['reset-password', 'resetPassword'],
  ['register-binding', 'registerBinding'],
];

/**
 * The declarative router: the app uses no loaders or actions, and the data router would add
 * about 16 KB (gzip) to every first load, the login pages' included.
 */
export function AppRouter() {
  return (
    <BrowserRouter basename={currentVariant.basename || '/'}>
      <SessionWatch />
      <RootErrorBoundary>
        <Routes>
          {PUBLIC_ROUTES.map(([path, page]) => (
            <Route
              key={path}
              path={path}
              element={
                <EntryGate>
                  <PublicRoute page={page} />
                </EntryGate>
              }
            />
          ))}
          {/* Everything else is the console, `/redirect/<path>` (refresh a page) included. */}
          <Route
            path="*"
            element={
              <EntryGate>
                <LazyConsole />
              </EntryGate>
            }
          />
        </Routes>
      </RootErrorBoundary>
    </BrowserRouter>
  );
}
