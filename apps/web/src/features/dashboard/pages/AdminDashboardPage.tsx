import { Col, Row } from 'antd';
import { MutedText } from '@/shared/ui/PlainText';
import { useTranslation } from 'react-i18next';
import { ActivityChart } from '@/features/dashboard/components/ActivityChart';
import { GreetingCard } from '@/features/dashboard/components/GreetingCard';
import { PlatformFacts } from '@/features/dashboard/components/PlatformFacts';
import { Shortcuts } from '@/features/dashboard/components/Shortcuts';
import { displayNameOf, useCurrentUser } from '@/shared/auth/useCurrentUser';

/** The admin's start page: the platform's counts, its daily activity and shortcuts. */
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
      <Col span={24}>
        <PlatformFacts />
      </Col>
      <Col xs={24} xl={14}>
        <ActivityChart />
      </Col>
      <Col xs={24} xl={10}>
        <Shortcuts title={t('dashboard.adminShortcuts')} />
      </Col>
    </Row>
  );
}
