import { BellOutlined, SafetyCertificateOutlined, SafetyOutlined, WalletOutlined } from '@ant-design/icons';
import { formatMoney, type UserInfo } from '@nimbus/contract';
import { Col, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountInfoPath } from '@/app/routing/entry-rules';
import { useConsoleRoutes } from '@/app/routing/route-context';
import { customerPath } from '@/features/layout/lib/customer-path';
import { messagePathsFor } from '@/features/message/lib/message-paths';
import { useUnreadCount } from '@/features/message/hooks/useUnreadCount';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { FactCard } from './FactCard';

/** Real-name status (spec §3: 0 unverified, 1 verified, default 2 = never submitted). */
export function realNameState(status: number): 'verified' | 'unverified' | 'notSubmitted' {
  if (status === 1) return 'verified';
  return status === 0 ? 'unverified' : 'notSubmitted';
}

/** The customer's account at a glance, all from `app/account/userinfo` and the unread count. */
export function AccountFacts({ user, product }: { user: UserInfo; product: 'cdn' | 'dns' }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const routes = useConsoleRoutes();
  const unread = useUnreadCount();
  const routed = (path: string) => (routes.some((route) => route.path === path) ? path : undefined);
  const link = (label: string, path: string) => {
    const to = routed(path);
    return to ? { label, to } : undefined;
  };
  const realName = realNameState(user.realnameStatus);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} xl={6}>
        <FactCard
          title={t('dashboard.balance')}
          icon={<WalletOutlined />}
          value={formatMoney(user.propertyBalance, config.price.unit)}
          action={link(t('dashboard.recharge'), customerPath(product, '/finance/recharge'))}
        />
      </Col>
      <Col xs={12} xl={6}>
        <FactCard
          title={t('dashboard.realName')}
          icon={<SafetyCertificateOutlined />}
          value={
            <Tag
              color={realName === 'verified' ? 'success' : realName === 'unverified' ? 'warning' : 'default'}
            >
              {t(`dashboard.realNameState.${realName}`)}
            </Tag>
          }
          action={
            realName === 'verified'
              ? undefined
              : link(t('dashboard.goVerify'), customerPath(product, '/account/verification'))
          }
        />
      </Col>
      <Col xs={12} xl={6}>
        <FactCard
          title={t('dashboard.twoFactor')}
          icon={<SafetyOutlined />}
          value={
            <Tag color={user.googleAuthStatus ? 'success' : 'default'}>
              {t(user.googleAuthStatus ? 'dashboard.enabled' : 'dashboard.disabled')}
            </Tag>
          }
          action={link(t('dashboard.manageSecurity'), accountInfoPath({ product }))}
        />
      </Col>
      <Col xs={12} xl={6}>
        <FactCard
          title={t('dashboard.unread')}
          icon={<BellOutlined />}
          value={unread}
          action={link(t('dashboard.viewMessages'), messagePathsFor(product).list)}
        />
      </Col>
    </Row>
  );
}
