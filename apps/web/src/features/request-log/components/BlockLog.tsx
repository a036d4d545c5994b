import type { WafEvent, WafRule } from '@nimbus/contract';
import { Empty, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BlockLogFilterBar,
  RATE_LIMIT_RULE,
  type BlockLogFilters,
} from '@/features/request-log/components/BlockLogFilterBar';
import { useBlockEvents, useFirstSite, useSiteRules } from '@/features/request-log/hooks/useBlockLog';
import { remarkText } from '@/features/site-waf/lib/condition-summary';
import { siteAdminPath } from '@/features/sites/lib/routes';
import { wafEventDetailColumns } from '@/features/site-waf/components/waf-event-columns';
import { formatDateTime } from '@/shared/format/date-time';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

const NO_RULES: WafRule[] = [];

/**
 * Spec §2 analysis/query/block: what a site's WAF rules and rate limits did on the edges (kept 7
 * days), filtered by rule, action and client address; each rule links to where it is edited.
 */
export function BlockLog() {
  const { t } = useTranslation();
  const firstSite = useFirstSite();
  const [filters, setFilters] = useState<BlockLogFilters>({});
  const paging = usePaging();
  // The log opens on the caller's first site until they choose one.
  const siteId = filters.siteId ?? firstSite.id;
  const rules = useSiteRules(siteId).data?.rules ?? NO_RULES;
  const byId = new Map(rules.map((r) => [r.id, r]));
  const events = useBlockEvents(
    siteId === undefined
      ? undefined
      : {
          siteId,
          page: paging.page,
          limit: paging.limit,
          ...(filters.ruleId !== undefined && { ruleId: filters.ruleId }),
          ...(filters.action && { action: filters.action }),
          ...(filters.clientIp && { clientIp: filters.clientIp }),
        },
  );

  const ruleCell = (e: WafEvent) => {
    if (siteId === undefined) return null;
    // Rate limits and CC protection are set on the business-secure tab, rules on the WAF tab.
    if (e.ruleId === RATE_LIMIT_RULE)
      return <Link to={siteAdminPath(siteId, 'business-secure')}>{t('siteWaf.events.rateLimit')}</Link>;
    const rule = byId.get(e.ruleId);
    const name = rule
      ? `#${rule.priority} ${remarkText(rule, t)}`.trim()
      : t('siteWaf.events.ruleDeleted', { id: e.ruleId });
    return (
      <Link to={siteAdminPath(siteId, 'waf')} title={t('blockLog.openRule')}>
        {name}
      </Link>
    );
  };
  const columns: ColumnsType<WafEvent> = [
    { title: t('siteWaf.events.time'), key: 'time', width: 170, render: (_, e) => formatDateTime(e.time) },
    { title: t('siteWaf.events.rule'), key: 'rule', width: 200, render: (_, e) => ruleCell(e) },
    ...wafEventDetailColumns(t),
  ];

  return (
    <Flex vertical gap={8}>
      <BlockLogFilterBar
        // Remounted once the first site is known, so the chooser shows it.
        key={firstSite.id ?? 'none'}
        value={{ ...filters, siteId }}
        rules={rules}
        onApply={(next) => {
          setFilters(next);
          paging.reset();
        }}
      />
      <Typography.Text type="secondary">{t('blockLog.help.table')}</Typography.Text>
      {siteId === undefined && !firstSite.pending ? (
        <Empty description={t('blockLog.noSite')} />
      ) : events.isError && !events.data ? (
        <LoadFailed
          title={t('blockLog.loadFailed')}
          retryLabel={t('requestLog.retry')}
          onRetry={() => void events.refetch()}
        />
      ) : (
        <DataTable<WafEvent>
          rowKey="id"
          columns={columns}
          dataSource={events.data?.list ?? []}
          loading={events.isFetching}
          emptyText={t('blockLog.empty')}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: events.data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
    </Flex>
  );
}
