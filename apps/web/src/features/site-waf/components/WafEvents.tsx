import type { WafEvent, WafRule } from '@nimbus/contract';
import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useWafEvents } from '@/features/site-waf/hooks/useWaf';
import { remarkText } from '@/features/site-waf/lib/condition-summary';
import { wafEventDetailColumns } from '@/features/site-waf/components/waf-event-columns';
import { formatDateTime } from '@/shared/format/date-time';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

/** The latest events the edges reported for this site, until the block log of analytics lands. */
export function WafEvents({ siteId, rules }: { siteId: number; rules: readonly WafRule[] }) {
  const { t } = useTranslation();
  const paging = usePaging(10);
  const { data, isPending, isError, refetch } = useWafEvents(siteId, paging.page, paging.limit);
  const byId = new Map(rules.map((r) => [r.id, r]));

  const columns: ColumnsType<WafEvent> = [
    { title: t('siteWaf.events.time'), key: 'time', width: 170, render: (_, e) => formatDateTime(e.time) },
    {
      title: t('siteWaf.events.rule'),
      key: 'rule',
      width: 180,
      render: (_, e) => {
        // Rule 0: the business-secure tab's rate limits and CC protection (nimbus.guard).
        if (e.ruleId === 0) return <Typography.Text>{t('siteWaf.events.rateLimit')}</Typography.Text>;
        const rule = byId.get(e.ruleId);
        if (!rule)
          return (
            <Typography.Text type="secondary">
              {t('siteWaf.events.ruleDeleted', { id: e.ruleId })}
            </Typography.Text>
          );
        return (
          <Typography.Text ellipsis={{ tooltip: remarkText(rule, t) }} style={{ maxWidth: 180 }}>
            {`#${rule.priority} ${remarkText(rule, t)}`.trim()}
          </Typography.Text>
        );
      },
    },
    ...wafEventDetailColumns(t),
  ];

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('siteWaf.events.help')}</Typography.Text>
      {isError && !data ? (
        <LoadFailed
          title={t('siteWaf.events.loadFailed')}
          retryLabel={t('siteWaf.rules.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <DataTable<WafEvent>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isPending}
          emptyText={t('siteWaf.events.empty')}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
    </Flex>
  );
}
