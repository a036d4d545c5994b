import { Col, Row, Skeleton } from 'antd';
import { Suspense } from 'react';
import { MutedText } from '@/shared/ui/PlainText';
import { useTranslation } from 'react-i18next';
import { currentVariant } from '@/app/variant';
import { AccountFacts } from '@/features/dashboard/components/AccountFacts';
import { GreetingCard } from '@/features/dashboard/components/GreetingCard';
import { Shortcuts } from '@/features/dashboard/components/Shortcuts';
import { TodayTraffic } from '@/features/dashboard/components/TodayTraffic';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { formatDateTime } from '@/shared/format/date-time';

// The DNS console's numbers load with it only: the CDN dashboard's first load does not carry them.
const DnsUsage = lazyNamed(() => import('@/features/dashboard/components/DnsUsage'), 'DnsUsage');

/** The customer's overview: who they are, their account facts, and their usage. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = customerOf(useCurrentUser().data);
  if (!user) return null;
  const shortcuts = <Shortcuts title={t('dashboard.shortcuts')} />;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <GreetingCard name={user.username}>
          <MutedText>
            {t('dashboard.memberSince', { date: formatDateTime(user.createTime).slice(0, 10) })}
          </MutedText>
        </GreetingCard>
      </Col>
      <Col span={24}>
        <AccountFacts user={user} product={currentVariant.product} />
      </Col>
      {currentVariant.product === 'dns' ? (
        <Col span={24}>
          <Suspense fallback={<Skeleton active />}>
            <DnsUsage aside={shortcuts} />
          </Suspense>
        </Col>
      ) : (
        <>
          <Col xs={24} xl={14}>
            <TodayTraffic />
          </Col>
          <Col xs={24} xl={10}>
            {shortcuts}
          </Col>
        </>
      )}
    </Row>
  );
}
