import type { Site } from '@nimbus/contract';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where the site listens: HTTP ports, HTTPS ports (its certificate on hover) or off, and the forced redirect. */
export function ProtocolTags({
  site,
}: {
  site: Pick<Site, 'httpPorts' | 'httpsPorts' | 'httpsEnabled' | 'forceHttps' | 'certificateName'>;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap>
      {site.httpPorts.length > 0 && (
        <Tag color="blue">{t('sites.protocol.http', { ports: site.httpPorts.join(',') })}</Tag>
      )}
      {site.httpsEnabled ? (
        <Tooltip
          title={
            site.certificateName ? t('sites.protocol.certificate', { name: site.certificateName }) : undefined
          }
        >
          <Tag color="green">{t('sites.protocol.https', { ports: site.httpsPorts.join(',') })}</Tag>
        </Tooltip>
      ) : (
        <Tag>{t('sites.protocol.httpsOff')}</Tag>
      )}
      {site.forceHttps && (
        <Tooltip title={t('sites.protocol.forceHint')}>
          <Tag color="orange">{t('sites.protocol.force')}</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}
