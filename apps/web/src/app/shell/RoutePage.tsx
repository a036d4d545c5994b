import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageForComponent } from '@/app/page-registry';
import type { ConsoleRoute } from '@/app/routing/menu-routes';
import { BindMobileGate } from '@/app/session/BindMobileGate';
import { PageErrorBoundary } from '@/shared/lazy/PageErrorBoundary';
import { PageLoading } from '@/shared/ui/PageLoading';
import { usePageTitle } from './usePageTitle';

/** One menu route's page: titled, gated by bindMobile, loaded lazily with its failure screen. */
export function RoutePage({ route }: { route: ConsoleRoute }) {
  const { t } = useTranslation();
  const location = useLocation();
  usePageTitle(t(route.node.meta.title));
  const Page =
    route.node.meta.available === false ? pageForComponent('unavailable') : pageForComponent(route.component);
  return (
    <BindMobileGate route={route}>
      <PageErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    </BindMobileGate>
  );
}
