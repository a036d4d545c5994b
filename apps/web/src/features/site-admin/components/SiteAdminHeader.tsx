import type { Site } from '@nimbus/contract';
import { Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigStateTags } from '@/features/config-state/components/ConfigStateTags';

/** The page's head (the frame's Back button leads to the list): which site, whether it serves, and how far its latest change has reached. */
export function SiteAdminHeader({ site }: { site: Site }) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Flex vertical gap={8}>
        <Flex gap={12} align="center" wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {site.domain}
          </Typography.Title>
          {site.enabled ? (
            <Tag color="success">{t('siteAdmin.state.enabled')}</Tag>
          ) : (
            <Tag>{t('siteAdmin.state.disabled')}</Tag>
          )}
          {site.suspended && (
            <Tooltip title={t('sites.suspendedHelp')}>
              <Tag color="orange">{t('sites.suspended')}</Tag>
            </Tooltip>
          )}
          {site.verified ? (
            <ConfigStateTags state={site.config} />
          ) : (
            <Tooltip title={t('sites.awaitingHelp')}>
              <Tag color="gold">{t('sites.awaiting')}</Tag>
            </Tooltip>
          )}
        </Flex>
        {site.cname && (
          <Typography.Text type="secondary">
            {t('siteAdmin.cnameLine')}{' '}
            <Typography.Text copyable={{ text: site.cname }}>{site.cname}</Typography.Text>
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
