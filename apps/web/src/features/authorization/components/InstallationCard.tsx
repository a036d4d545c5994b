import { formatDateTime, type AuthorizationInfo } from '@nimbus/contract';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What this installation is: the product, the release it runs and the address it hands out. */
export function InstallationCard({ info }: { info: AuthorizationInfo }) {
  const { t } = useTranslation();
  const version = info.version
    ? t('authorization.install.versionOf', { version: info.version, date: info.releaseDate })
    : t('authorization.install.versionUnknown');
  return (
    <Card title={t('authorization.install.title')}>
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { width: 200 } }}
        items={[
          { key: 'product', label: t('authorization.install.product'), children: info.product },
          {
            key: 'version',
            label: t('authorization.install.version'),
            children: <span data-testid="authorization-version">{version}</span>,
          },
          {
            key: 'consoleUrl',
            label: t('authorization.install.consoleUrl'),
            children: info.consoleUrl ? (
              <Typography.Text code>{info.consoleUrl}</Typography.Text>
            ) : (
              <>
                <Tag color="warning">{t('authorization.install.notSet')}</Tag>{' '}
                <Link to="/system/web-config">{t('authorization.install.setIt')}</Link>
              </>
            ),
          },
          {
            key: 'keyCreatedAt',
            label: t('authorization.install.keyCreatedAt'),
            children: info.keyCreatedAt ? formatDateTime(info.keyCreatedAt) : '-',
          },
        ]}
      />
    </Card>
  );
}
