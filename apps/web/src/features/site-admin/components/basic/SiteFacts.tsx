import type { Site } from '@nimbus/contract';
import { Descriptions, Flex, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigStateTags } from '@/features/config-state/components/ConfigStateTags';
import { CnameCheckButton } from '@/features/sites/components/CnameCheck';
import { useSiteActions } from '@/features/sites/hooks/useSiteActions';
import { formatDateTime } from '@/shared/format/date-time';

/** What the site is and how it serves: domain, CNAME and its check, switch, creation, node state. */
export function SiteFacts({ site }: { site: Site }) {
  const { t } = useTranslation();
  const { confirmAction, enableNow, pendingIds } = useSiteActions();
  const { config } = site;
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 180 } }}
      items={[
        { key: 'domain', label: t('sites.form.domain'), children: site.domain },
        {
          key: 'cname',
          label: t('sites.column.cname'),
          children: (
            <Flex gap={8} align="center" wrap>
              {site.cname ? (
                <Typography.Text copyable={{ text: site.cname }}>{site.cname}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">-</Typography.Text>
              )}
              <CnameCheckButton site={site} />
              {!site.verified && (
                <Tooltip title={t('sites.awaitingHelp')}>
                  <Tag color="gold">{t('sites.awaiting')}</Tag>
                </Tooltip>
              )}
            </Flex>
          ),
        },
        {
          key: 'enabled',
          label: t('sites.column.enabled'),
          children: (
            <Flex gap={8} align="center">
              <Switch
                checked={site.enabled}
                loading={pendingIds.includes(site.id)}
                aria-label={t('sites.column.enabledOf', { domain: site.domain })}
                onChange={(on) =>
                  void (on ? enableNow(site.id) : confirmAction('disable', [site.id], site.domain))
                }
              />
              <Typography.Text type="secondary">{t('siteAdmin.basic.enabledHelp')}</Typography.Text>
            </Flex>
          ),
        },
        {
          key: 'createdAt',
          label: t('sites.column.createdAt'),
          children: formatDateTime(site.createdAt),
        },
        {
          key: 'nodes',
          label: t('siteAdmin.basic.nodes'),
          children: (
            <Flex vertical gap={4}>
              <ConfigStateTags state={config} />
              <Typography.Text type="secondary">
                {t('siteAdmin.basic.nodeCounts', {
                  applied: config.applied,
                  pending: config.pending,
                  failed: config.failed,
                  total: config.total,
                })}
              </Typography.Text>
              {config.failures.map((f) => (
                <Typography.Text key={f.node} type="danger">
                  {f.node}: {f.error || t('configState.nodeRefused')}
                </Typography.Text>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}
