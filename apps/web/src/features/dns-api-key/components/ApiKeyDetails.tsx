import type { DnsApiKeyStatus } from '@nimbus/contract';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/date-time';

/** What the server keeps of the key: its first characters and when and where it was last used. */
export function ApiKeyDetails({ status }: { status: DnsApiKeyStatus }) {
  const { t } = useTranslation();
  const lastUsed = status.lastUsedAt
    ? t('apiKey.lastUsedFrom', { time: formatDateTime(status.lastUsedAt), ip: status.lastUsedIp ?? '-' })
    : t('apiKey.neverUsed');
  return (
    <>
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { width: 160 } }}
        items={[
          {
            key: 'key',
            label: t('apiKey.field.key'),
            children: (
              <>
                <Typography.Text code data-testid="api-key-prefix">
                  {status.prefix}…
                </Typography.Text>{' '}
                <Tag color="success">{t('apiKey.active')}</Tag>
              </>
            ),
          },
          {
            key: 'createdAt',
            label: t('apiKey.field.createdAt'),
            children: status.createdAt ? formatDateTime(status.createdAt) : '-',
          },
          {
            key: 'lastUsed',
            label: t('apiKey.field.lastUsed'),
            children: <span data-testid="api-key-last-used">{lastUsed}</span>,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('apiKey.hiddenHint')}
      </Typography.Paragraph>
    </>
  );
}
