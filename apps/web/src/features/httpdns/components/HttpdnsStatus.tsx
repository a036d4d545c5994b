import type { HttpdnsConfig, HttpdnsListener } from '@nimbus/contract';
import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { exampleUrl } from '@/features/httpdns/lib/httpdns-form';

function ListenerTag({ listener, host }: { listener: HttpdnsListener; host: string }) {
  const { t } = useTranslation();
  if (listener.state === 'listening')
    return (
      <Tag color="success">{t('httpdns.status.listening', { address: `${host}:${listener.port}` })}</Tag>
    );
  if (listener.state === 'failed')
    return <Tag color="error">{t('httpdns.status.failed', { error: listener.error ?? '' })}</Tag>;
  return <Tag>{t('httpdns.status.off')}</Tag>;
}

/**
 * What runs, apart from what is saved: each listener on this console process, and whether the
 * authoritative PowerDNS the answers come from is there (when not: why, and how to install it).
 */
export function HttpdnsStatus({ config }: { config: HttpdnsConfig }) {
  const { t } = useTranslation();
  const examples = (['http', 'https'] as const)
    .filter((scheme) => config[scheme].state === 'listening')
    .map((scheme) => exampleUrl(config, scheme))
    .filter((url): url is string => url !== undefined);
  return (
    <Flex vertical gap={12}>
      {config.powerdns.state === 'missing' && (
        <Alert
          type="error"
          showIcon
          title={t('httpdns.status.pdnsMissing')}
          description={
            <Flex vertical gap={4}>
              <span>{t('httpdns.status.pdnsReason', { reason: config.powerdns.reason ?? '' })}</span>
              {config.powerdns.install && (
                <span>
                  {t('httpdns.status.pdnsInstall')}{' '}
                  <Typography.Text code copyable={{ text: config.powerdns.install }}>
                    {config.powerdns.install}
                  </Typography.Text>
                </span>
              )}
            </Flex>
          }
        />
      )}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('httpdns.status.http')}>
          <ListenerTag listener={config.http} host={config.host} />
        </Descriptions.Item>
        <Descriptions.Item label={t('httpdns.status.https')}>
          <ListenerTag listener={config.https} host={config.host} />
        </Descriptions.Item>
        {examples.length > 0 && (
          <Descriptions.Item label={t('httpdns.status.example')}>
            <Flex vertical gap={4}>
              {examples.map((url) => (
                <Typography.Text key={url} code copyable>
                  {url}
                </Typography.Text>
              ))}
              <Typography.Text type="secondary">{t('httpdns.status.exampleHelp')}</Typography.Text>
            </Flex>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Flex>
  );
}
