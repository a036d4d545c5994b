import type { Site, SiteServingSettings } from '@nimbus/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvancedTab } from '@/features/site-admin/components/tabs/AdvancedTab';
import { ApplicationSecureTab } from '@/features/site-admin/components/tabs/ApplicationSecureTab';
import { BacksourceTab } from '@/features/site-admin/components/tabs/BacksourceTab';
import { BasicTab } from '@/features/site-admin/components/tabs/BasicTab';
import { CodeTab } from '@/features/site-admin/components/tabs/CodeTab';
import { LineTab } from '@/features/site-admin/components/tabs/LineTab';
import { NetworkSecureTab } from '@/features/site-admin/components/tabs/NetworkSecureTab';
import { OriginTab } from '@/features/site-admin/components/tabs/OriginTab';
import { PerformanceTab } from '@/features/site-admin/components/tabs/PerformanceTab';
import { PlanTab } from '@/features/site-admin/components/tabs/PlanTab';
import { UpstreamTab } from '@/features/site-admin/components/tabs/UpstreamTab';
import { useSiteSettings } from '@/features/site-admin/hooks/useSiteSettings';
import { TrafficView } from '@/features/traffic/components/TrafficView';
import { ContentSecureTab } from '@/features/site-content-secure/components/ContentSecureTab';
import { BusinessSecureTab } from '@/features/site-business-secure/components/BusinessSecureTab';
import { RequestLog } from '@/features/request-log/components/RequestLog';
import { BlockLogTab } from '@/features/site-waf/components/BlockLogTab';
import { WafTab } from '@/features/site-waf/components/WafTab';
import type { SiteAdminTab } from '@/features/site-admin/lib/tabs';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { PageLoading } from '@/shared/ui/PageLoading';

/** The serving settings a tab edits, once loaded (each tab then saves its own section). */
function WithSettings({
  siteId,
  children,
}: {
  siteId: number;
  children: (s: SiteServingSettings) => ReactNode;
}) {
  const { t } = useTranslation();
  const settings = useSiteSettings(siteId);
  if (settings.data) return children(settings.data.settings);
  if (settings.isError)
    return (
      <LoadFailed
        title={t('siteAdmin.settingsLoadFailed')}
        retryLabel={t('siteAdmin.retry')}
        onRetry={() => void settings.refetch()}
      />
    );
  return <PageLoading />;
}

/** What one tab shows; only the open tab is mounted (its queries run when it is opened). */
export function SiteAdminTabBody({ tab, site }: { tab: SiteAdminTab; site: Site }) {
  const id = site.id;
  switch (tab) {
    case 'basic':
      return <BasicTab site={site} />;
    case 'plan':
      return <PlanTab siteId={id} />;
    case 'line':
      return <LineTab siteId={id} />;
    case 'origin':
      return <OriginTab site={site} />;
    case 'upstream':
      return <WithSettings siteId={id}>{(s) => <UpstreamTab site={site} value={s.upstream} />}</WithSettings>;
    case 'advanced':
      return <WithSettings siteId={id}>{(s) => <AdvancedTab site={site} value={s.advanced} />}</WithSettings>;
    case 'backsource':
      return (
        <WithSettings siteId={id}>{(s) => <BacksourceTab siteId={id} value={s.backsource} />}</WithSettings>
      );
    case 'performance':
      return (
        <WithSettings siteId={id}>{(s) => <PerformanceTab siteId={id} value={s.performance} />}</WithSettings>
      );
    case 'code':
      return <WithSettings siteId={id}>{(s) => <CodeTab siteId={id} value={s.code} />}</WithSettings>;
    case 'application-secure':
      return (
        <WithSettings siteId={id}>
          {(s) => <ApplicationSecureTab siteId={id} value={s.applicationSecure} />}
        </WithSettings>
      );
    case 'network-secure':
      return (
        <WithSettings siteId={id}>
          {(s) => (
            <NetworkSecureTab siteId={id} value={s.networkSecure} bodyLimitMb={s.advanced.bodyLimitMb} />
          )}
        </WithSettings>
      );
    case 'content-secure':
      return (
        <WithSettings siteId={id}>
          {(s) => (
            <ContentSecureTab
              siteId={id}
              value={s.contentSecure}
              domain={site.domain}
              https={site.httpsEnabled}
            />
          )}
        </WithSettings>
      );
    case 'business-secure':
      return (
        <WithSettings siteId={id}>
          {(s) => <BusinessSecureTab siteId={id} value={s.businessSecure} />}
        </WithSettings>
      );
    case 'waf':
      return <WafTab siteId={id} />;
    case 'log-access':
      return <RequestLog siteId={id} />;
    case 'log-block':
      return <BlockLogTab siteId={id} />;
    case 'flow':
      return <TrafficView siteId={id} />;
  }
}
