import {
  CHART_RANGES,
  formatBytes,
  formatCount,
  formatUtcOffset,
  TOP_DIMENSIONS,
  TOP_ORDERS,
  type TopDimension,
  type TopOrder,
} from '@nimbus/contract';
import { Flex, Segmented, Select, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteChooser } from '@/features/request-log/components/SiteChooser';
import { TimeRangeField } from '@/features/request-log/components/TimeRangeField';
import { RangeRefreshButton } from '@/features/request-log/components/RangeRefreshButton';
import { fitsQueryLimit, presetTimeRange, rangeRequest } from '@/features/request-log/lib/time-range';
import { ShareBar } from '@/shared/ui/ShareBar';
import { useTopList } from '@/features/top/hooks/useTopList';
import { rankedRows, type RankedRow } from '@/features/top/lib/top-rows';
import { displayOffsetMinutes } from '@/shared/format/date-time';
import { DataTable } from '@/shared/ui/DataTable';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { LoadFailed } from '@/shared/ui/LoadFailed';

const LIMITS = [10, 20, 50, 100];

/**
 * Spec §2 es/top: the most requested URLs, referers, client IPs, User-Agents, regions, ISPs and
 * status codes of one site or all, by requests or by traffic, over a chart range or a picked one.
 */
export function TopList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const offset = displayOffsetMinutes();
  const [dimension, setDimension] = useState<TopDimension>('url');
  const [by, setBy] = useState<TopOrder>('requests');
  const [limit, setLimit] = useState(20);
  const [siteId, setSiteId] = useState<number>();
  const [range, setRange] = useState(() => presetTimeRange('today', Date.now(), offset));
  const valid = fitsQueryLimit(range);
  const top = useTopList(
    { siteIds: siteId ? [siteId] : [], ...rangeRequest(range), dimension, by, limit },
    valid,
  );

  const columns: ColumnsType<RankedRow> = [
    { title: t('top.column.rank'), dataIndex: 'rank', width: 70 },
    {
      title: t(`top.dimension.${dimension}`),
      key: 'key',
      render: (_, row) =>
        row.key ? (
          <Typography.Text ellipsis={{ tooltip: row.key }} style={{ maxWidth: 420 }}>
            {row.key}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('top.unknown')}</Typography.Text>
        ),
    },
    {
      title: t('top.column.requests'),
      key: 'requests',
      width: 120,
      render: (_, r) => formatCount(r.requests, lang),
    },
    { title: t('top.column.bytes'), key: 'bytes', width: 120, render: (_, r) => formatBytes(r.bytes) },
    {
      title: t(`top.column.share.${by}`),
      key: 'share',
      width: 200,
      render: (_, r) => <ShareBar percent={r.share} label={t(`top.column.share.${by}`)} />,
    },
  ];

  const failed = top.isError && !top.data;
  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center">
        <FilterLabel label={t('top.filter.site')}>
          <SiteChooser ariaLabel={t('top.filter.site')} value={siteId} onChange={setSiteId} />
        </FilterLabel>
        {/* Several controls, so a caption rather than a <label>; each control names itself. */}
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">{t('top.filter.time')}</Typography.Text>
          <TimeRangeField presets={CHART_RANGES} value={range} onChange={setRange} />
        </Flex>
        <FilterLabel label={t('top.filter.by')}>
          <Segmented<TopOrder>
            value={by}
            onChange={setBy}
            options={TOP_ORDERS.map((order) => ({ value: order, label: t(`top.order.${order}`) }))}
          />
        </FilterLabel>
        <FilterLabel label={t('top.filter.limit')}>
          <Select<number>
            value={limit}
            onChange={setLimit}
            style={{ width: 90 }}
            options={LIMITS.map((n) => ({ value: n, label: String(n) }))}
          />
        </FilterLabel>
        <RangeRefreshButton range={range} onRange={setRange} refetch={top.refetch} label={t('top.refresh')} />
      </Flex>
      {!valid && <Typography.Text type="danger">{t('requestLog.range.tooLong')}</Typography.Text>}
      <Typography.Text type="secondary">
        {t('top.help.table', { zone: formatUtcOffset(offset) })}
      </Typography.Text>
      <Tabs
        activeKey={dimension}
        onChange={(key) => setDimension(key as TopDimension)}
        items={TOP_DIMENSIONS.map((d) => ({ key: d, label: t(`top.dimension.${d}`) }))}
      />
      {failed ? (
        <LoadFailed
          title={t('top.loadFailed')}
          retryLabel={t('top.retry')}
          onRetry={() => void top.refetch()}
        />
      ) : (
        <DataTable<RankedRow>
          rowKey="rank"
          columns={columns}
          dataSource={top.data ? rankedRows(top.data, by) : []}
          loading={top.isFetching}
          emptyText={t('top.empty')}
        />
      )}
    </Flex>
  );
}
