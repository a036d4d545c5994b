import { Col, Flex, Row } from 'antd';
import { AccountPlaceholder } from '@/features/account/components/AccountPlaceholder';
import { ChangePasswordCard } from '@/features/account/components/ChangePasswordCard';
import { ConsoleHopCard } from '@/features/account/components/ConsoleHopCard';
import { TwoFactorCard } from '@/features/account/components/TwoFactorCard';
import { UserInfoCard } from '@/features/account/components/UserInfoCard';
import { PayPasswordCard } from '@/features/orders/components/PayPasswordCard';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';

/** Customer personal center: account info, passwords (login and pay), two-factor authentication. */
export function AccountInfoPage() {
  const current = useCurrentUser();
  const user = customerOf(current.data);
  if (!user) return <AccountPlaceholder failed={current.isError} onRetry={() => void current.refetch()} />;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Flex vertical gap={16}>
          <UserInfoCard user={user} />
          <ChangePasswordCard />
          <PayPasswordCard />
        </Flex>
      </Col>
      <Col xs={24} xl={10}>
        <Flex vertical gap={16}>
          <TwoFactorCard enabled={user.googleAuthStatus} />
          <ConsoleHopCard />
        </Flex>
      </Col>
    </Row>
  );
}
