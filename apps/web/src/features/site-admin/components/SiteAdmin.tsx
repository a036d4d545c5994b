import { Button, Card, Flex, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SiteAdminHeader } from '@/features/site-admin/components/SiteAdminHeader';
import { SiteAdminTabBody } from '@/features/site-admin/components/SiteAdminTabBody';
import { useSite } from '@/features/site-admin/hooks/useSite';
import { SITE_ADMIN_TABS, tabOf, tabTitleKey } from '@/features/site-admin/lib/tabs';
import { SITE_ROUTES } from '@/features/sites/lib/routes';
import { ApiError } from '@/shared/api/client';
import { ResultCode } from '@nimbus/contract';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { PageLoading } from '@/shared/ui/PageLoading';

/**
 * One site's settings page: a header with its state, and the tabs of spec §2. The open tab is in
 * the URL (`&tab=`), so a reload or a shared link opens the same tab.
 */
export function SiteAdmin({ id }: { id: number | undefined }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const site = useSite(id ?? 0);

  const missing = (
    <Result
      status="404"
      title={t('siteAdmin.notFound')}
      subTitle={t('siteAdmin.notFoundHint')}
      extra={
        <Link to={SITE_ROUTES.list}>
          <Button type="primary" tabIndex={-1}>
            {t('siteAdmin.backToList')}
          </Button>
        </Link>
      }
    />
  );
  if (id === undefined) return <Card>{missing}</Card>;
  if (site.isError && !site.data)
    return site.error instanceof ApiError && site.error.code === ResultCode.notFound ? (
      <Card>{missing}</Card>
    ) : (
      <LoadFailed
        title={t('siteAdmin.loadFailed')}
        retryLabel={t('siteAdmin.retry')}
        onRetry={() => void site.refetch()}
      />
    );
  if (!site.data) return <PageLoading />;

  return (
    <Flex vertical gap={16}>
      <SiteAdminHeader site={site.data} />
      <Card>
        {/* Seventeen tabs (spec §2): a side list shows them all, where a top bar would hide half. */}
        <Tabs
          activeKey={tab}
          tabPlacement="start"
          destroyOnHidden
          onChange={(key) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          items={SITE_ADMIN_TABS.map((key) => ({
            key,
            label: t(tabTitleKey(key)),
            children: <SiteAdminTabBody tab={key} site={site.data} />,
          }))}
        />
      </Card>
    </Flex>
  );
}
