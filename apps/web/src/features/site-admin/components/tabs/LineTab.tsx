import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteLine } from '@/features/site-admin/hooks/usePlanLine';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { PageLoading } from '@/shared/ui/PageLoading';

/**
 * Where the site is served from (spec §9 line priority): the main and backup lines of its node
 * group with how many nodes each has and how many are online (never their addresses), and the
 * site's record in the CNAME zone (spec §3). Read-only: the platform keeps both.
 */
export function LineTab({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const line = useSiteLine(siteId);
  if (line.isError && !line.data)
    return (
      <LoadFailed
        title={t('siteAdmin.line.loadFailed')}
        retryLabel={t('siteAdmin.retry')}
        onRetry={() => void line.refetch()}
      />
    );
  if (!line.data) return <PageLoading />;
  const { groupName, lines, cname } = line.data;
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('siteAdmin.line.linesTitle', { group: groupName })}>
        <Typography.Paragraph type="secondary">{t('siteAdmin.line.linesHelp')}</Typography.Paragraph>
        <Descriptions
          size="small"
          bordered
          column={1}
          styles={{ label: { width: 180 } }}
          items={lines.map((l) => ({
            key: l.line,
            label: t(`siteAdmin.line.${l.line}`),
            children: (
              <Flex gap={8} align="center" wrap>
                <span>{t('siteAdmin.line.counts', { online: l.online, nodes: l.nodes })}</span>
                {l.answering ? (
                  <Tag color="success">{t('siteAdmin.line.answering')}</Tag>
                ) : (
                  <Tag>{t('siteAdmin.line.standby')}</Tag>
                )}
              </Flex>
            ),
          }))}
        />
      </Card>
      <Card size="small" title={t('siteAdmin.line.cnameTitle')}>
        {cname ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={{ label: { width: 180 } }}
            items={[
              { key: 'id', label: t('siteAdmin.line.recordId'), children: cname.recordId },
              { key: 'host', label: t('siteAdmin.line.hostRecord'), children: cname.hostRecord },
              { key: 'zone', label: t('siteAdmin.line.zone'), children: cname.zone },
              { key: 'type', label: t('siteAdmin.line.type'), children: cname.type },
              { key: 'lineType', label: t('siteAdmin.line.lineType'), children: t('siteAdmin.line.default') },
              {
                key: 'value',
                label: t('siteAdmin.line.value'),
                children: <Typography.Text copyable>{cname.value}</Typography.Text>,
              },
              { key: 'ttl', label: 'TTL', children: t('siteAdmin.line.ttl', { ttl: cname.ttl }) },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t('siteAdmin.line.noZone')}</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}
