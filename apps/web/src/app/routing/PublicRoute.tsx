import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { publicPage, type PUBLIC_PAGE_FILES } from '@/app/public-pages';
import { usePageTitle } from '@/app/shell/usePageTitle';
import { PageErrorBoundary } from '@/shared/lazy/PageErrorBoundary';
import { PageLoading } from '@/shared/ui/PageLoading';

export type PublicPageName = keyof typeof PUBLIC_PAGE_FILES;

/** A page outside the console frame (login, register…): the auth pages draw their own screen. */
export function PublicRoute({ page }: { page: PublicPageName }) {
  const { t } = useTranslation();
  const location = useLocation();
  usePageTitle(t(`publicTitle.${page}`));
  const Page = publicPage(page);
  return (
    <PageErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageLoading fullscreen />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
