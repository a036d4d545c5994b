import { formatMoney, type UserInfo } from '@nimbus/contract';
import { Avatar, Card, Descriptions, Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VERIFICATION_PATH } from '@/app/routing/entry-rules';
import { currentVariant } from '@/app/variant';
import { AddressBinding } from '@/features/account/components/AddressBinding';
import { RealnameTag } from '@/features/account/components/RealnameTag';
import { WechatBinding } from '@/features/account/components/WechatBinding';
import { realnameState } from '@/features/account/lib/realname';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { formatDateTime } from '@/shared/format/date-time';

/** Spec §3 user info as the customer sees it (no secret is ever in the answer). */
export function UserInfoCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  // The real-name page exists in the CDN console only (spec §2 customer routes).
  const offerVerification =
    realnameState(user.realnameStatus) !== 'verified' && currentVariant.product === 'cdn';

  return (
    <Card title={t('account.info.title')}>
      <Flex align="center" justify="space-between" wrap gap={16} style={{ marginBottom: 24 }}>
        <Flex align="center" gap={16}>
          <Avatar size={56} style={{ fontSize: 24 }}>
            {user.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="account-username">
              {user.username}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('account.info.userId', { id: user.userId })}
            </Typography.Text>
          </div>
        </Flex>
        <Statistic
          title={t('account.info.balance')}
          value={formatMoney(user.propertyBalance, config.price.unit)}
          data-testid="account-balance"
        />
      </Flex>
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'username', label: t('account.info.username'), children: user.username },
          {
            key: 'mail',
            label: t('account.info.mail'),
            children: <AddressBinding channel="mail" value={user.mail} />,
          },
          {
            key: 'mobile',
            label: t('account.info.mobile'),
            children: <AddressBinding channel="sms" value={user.mobile} />,
          },
          {
            key: 'realname',
            label: t('account.info.realname'),
            children: (
              <Flex gap={8} align="center" wrap>
                <RealnameTag status={user.realnameStatus} />
                {user.realnameName && <span>{user.realnameName}</span>}
                {offerVerification && <Link to={VERIFICATION_PATH}>{t('account.info.verifyNow')}</Link>}
              </Flex>
            ),
          },
          { key: 'wechat', label: t('account.info.wechat'), children: <WechatBinding user={user} /> },
          { key: 'score', label: t('account.info.score'), children: user.propertyScore },
          { key: 'created', label: t('account.info.createTime'), children: formatDateTime(user.createTime) },
        ]}
      />
    </Card>
  );
}
