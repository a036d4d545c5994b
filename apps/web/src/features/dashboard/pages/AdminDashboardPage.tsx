import { MonitorOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GreetingCard } from '@/features/dashboard/components/GreetingCard';
import { Shortcuts } from '@/features/dashboard/components/Shortcuts';
import { displayNameOf, useCurrentUser } from '@/shared/auth/useCurrentUser';

/** The admin's start page: shortcuts to the screens that exist, and an honest word on monitoring. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const current = useCurrentUser().data;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <GreetingCard name={displayNameOf(current)}>
          <Typography.Text type="secondary">{t('dashboard.adminIntro')}</Typography.Text>
        </GreetingCard>
      </Col>
      <Col xs={24} xl={14}>
        <Shortcuts title={t('dashboard.adminShortcuts')} />
      </Col>
      <Col xs={24} xl={10}>
        <Card
          title={
            <span>
              <MonitorOutlined /> {t('dashboard.monitoringTitle')}
            </span>
          }
          style={{ height: '100%' }}
        >
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <Typography.Text>{t('dashboard.monitoringPending')}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t('dashboard.monitoringHint')}</Typography.Text>
              </>
            }
          />
        </Card>
      </Col>
    </Row>
  );
}
