import { formatDateTime } from '@nimbus/contract';
import { Col, Row } from 'antd';
import { MutedText } from '@/shared/ui/PlainText';
import { useTranslation } from 'react-i18next';
import { currentVariant } from '@/app/variant';
import { AccountFacts } from '@/features/dashboard/components/AccountFacts';
import { GreetingCard } from '@/features/dashboard/components/GreetingCard';
import { Shortcuts } from '@/features/dashboard/components/Shortcuts';
import { UsageNotice } from '@/features/dashboard/components/UsageNotice';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';

/** The customer's overview: who they are, their account facts, and what is not measured yet. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = customerOf(useCurrentUser().data);
  if (!user) return null;
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
      <Col xs={24} xl={14}>
        <UsageNotice product={currentVariant.product} />
      </Col>
      <Col xs={24} xl={10}>
        <Shortcuts title={t('dashboard.shortcuts')} />
      </Col>
    </Row>
  );
}
