import { Col, Row } from 'antd';
import { AccountPlaceholder } from '@/features/account/components/AccountPlaceholder';
import { AdminInfoCard } from '@/features/account/components/AdminInfoCard';
import { ChangePasswordCard } from '@/features/account/components/ChangePasswordCard';
import { TwoFactorCard } from '@/features/account/components/TwoFactorCard';
import { useCurrentUser } from '@/shared/auth/useCurrentUser';

/** The administrator's own profile (opened from the avatar): info, password, two-factor authentication. */
export function AdminProfilePage() {
  const current = useCurrentUser();
  const admin = current.data?.side === 'admin' ? current.data.user : undefined;
  if (!admin) return <AccountPlaceholder failed={current.isError} onRetry={() => void current.refetch()} />;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <AdminInfoCard admin={admin} />
      </Col>
      <Col xs={24} xl={10}>
        <TwoFactorCard enabled={admin.googleAuthStatus} />
      </Col>
      <Col xs={24} xl={14}>
        <ChangePasswordCard />
      </Col>
    </Row>
  );
}
