import type { AdminInfo } from '@nimbus/contract';
import { Avatar, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/date-time';

/** The signed-in administrator's own account. */
export function AdminInfoCard({ admin }: { admin: AdminInfo }) {
  const { t } = useTranslation();
  const notBound = <Typography.Text type="secondary">{t('account.info.notBound')}</Typography.Text>;

  return (
    <Card title={t('account.profile.title')}>
      <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
        <Avatar size={56} style={{ fontSize: 24 }}>
          {admin.username.slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="account-username">
            {admin.username}
          </Typography.Title>
          <Tag color="blue" style={{ marginTop: 4 }}>
            {t('account.profile.role')}
          </Tag>
        </div>
      </Flex>
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'username', label: t('account.info.username'), children: admin.username },
          { key: 'id', label: t('account.profile.id'), children: admin.id },
          { key: 'mail', label: t('account.info.mail'), children: admin.mail ?? notBound },
          { key: 'mobile', label: t('account.info.mobile'), children: admin.mobile ?? notBound },
          { key: 'created', label: t('account.info.createTime'), children: formatDateTime(admin.createTime) },
        ]}
      />
    </Card>
  );
}
