import { Col, Row, Skeleton } from 'antd';
import { Suspense } from 'react';
import { MutedText } from '@/shared/ui/PlainText';
import { useTranslation } from 'react-i18next';
import { currentVariant } from '@/app/variant';
import { ActivityChart } from '@/features/dashboard/components/ActivityChart';
import { GreetingCard } from '@/features/dashboard/components/GreetingCard';
import { PlatformFacts } from '@/features/dashboard/components/PlatformFacts';
import { PlatformTraffic } from '@/features/dashboard/components/PlatformTraffic';
import { Shortcuts } from '@/features/dashboard/components/Shortcuts';
import { displayNameOf, useCurrentUser } from '@/shared/auth/useCurrentUser';
import { lazyNamed } from '@/shared/lazy/lazy-page';

// The PowerDNS servers' panels load with the DNS admin console only.
const DnsAdminOverview = lazyNamed(
  () => import('@/features/dashboard/components/DnsAdminOverview'),
  'DnsAdminOverview',
);

/** The admin's start page: the platform's counts (and, on the DNS console, its PowerDNS servers), daily activity and shortcuts. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const current = useCurrentUser().data;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <GreetingCard name={displayNameOf(current)}>
          <MutedText>{t('dashboard.adminIntro')}</MutedText>
        </GreetingCard>
      </Col>
      {currentVariant.product === 'dns' && (
        <Col span={24}>
          <Suspense fallback={<Skeleton active />}>
            <DnsAdminOverview />
          </Suspense>
        </Col>
      )}
      <Col span={24}>
        <PlatformFacts />
      </Col>
      {currentVariant.product === 'cdn' && (
        <Col span={24}>
          <PlatformTraffic />
        </Col>
      )}
      <Col xs={24} xl={14}>
        <ActivityChart />
      </Col>
      <Col xs={24} xl={10}>
        <Shortcuts title={t('dashboard.adminShortcuts')} />
      </Col>
    </Row>
  );
}
