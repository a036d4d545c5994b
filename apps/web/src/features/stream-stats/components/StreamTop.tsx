import {
  CHART_RANGES,
  formatBytes,
  formatCount,
  formatUtcOffset,
  STREAM_TOP_DIMENSIONS,
  STREAM_TOP_ORDERS,
  type StreamTopDimension,
  type StreamTopOrder,
} from '@nimbus/contract';
import { Flex, Segmented, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeRangeField } from '@/features/request-log/components/TimeRangeField';
import { RangeRefreshButton } from '@/features/request-log/components/RangeRefreshButton';
import { fitsQueryLimit, presetTimeRange, rangeRequest } from '@/features/request-log/lib/time-range';
import { RuleChooser } from '@/features/stream-stats/components/RuleChooser';
import { useStreamTop } from '@/features/stream-stats/hooks/useStreamStats';
import { rankedSessionRows, type RankedSessionRow } from '@/features/stream-stats/lib/ranked-sessions';
import { displayOffsetMinutes } from '@/shared/format/date-time';
import { ShareBar } from '@/shared/ui/ShareBar';
import { DataTable } from '@/shared/ui/DataTable';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/**
 * Spec §2 stream/top: the client addresses and rules with the most sessions or traffic, over a
 * chart range or a picked one (the request log's time field, as the traffic ranking has).
 */
export function StreamTop() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'cn';
  const offset = displayOffsetMinutes();
  const [dimension, setDimension] = useState<StreamTopDimension>('clientIp');
  const [by, setBy] = useState<StreamTopOrder>('sessions');
  const [ruleId, setRuleId] = useState<number>();
  const [range, setRange] = useState(() => presetTimeRange('today', Date.now(), offset));
  const valid = fitsQueryLimit(range);
  const top = useStreamTop({ ruleId, ...rangeRequest(range), dimension, by, limit: 20 }, valid);

  const columns: ColumnsType<RankedSessionRow> = [
    { title: t('streamStats.top.column.rank'), dataIndex: 'rank', width: 70 },
    {
      title: t(`streamStats.top.dimension.${dimension}`),
      key: 'key',
      render: (_, row) =>
        dimension === 'rule' ? row.name || t('streamStats.top.deletedRule', { id: row.key }) : row.key,
    },
    {
      title: t('streamStats.top.column.sessions'),
      key: 'sessions',
      width: 120,
      render: (_, r) => formatCount(r.sessions, lang),
    },
    {
      title: t('streamStats.top.column.in'),
      key: 'in',
      width: 120,
      render: (_, r) => formatBytes(r.bytesIn),
    },
    {
      title: t('streamStats.top.column.out'),
      key: 'out',
      width: 120,
      render: (_, r) => formatBytes(r.bytesOut),
    },
    {
      title: t(`streamStats.top.column.share.${by}`),
      key: 'share',
      width: 200,
      render: (_, r) => <ShareBar percent={r.share} label={t(`streamStats.top.column.share.${by}`)} />,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center">
        <RuleChooser value={ruleId} onChange={setRuleId} />
        {/* Several controls, so a caption rather than a <label>; each control names itself. */}
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">{t('streamStats.top.time')}</Typography.Text>
          <TimeRangeField presets={CHART_RANGES} value={range} onChange={setRange} />
        </Flex>
        <FilterLabel label={t('streamStats.top.by')}>
          <Segmented<StreamTopOrder>
            value={by}
            onChange={setBy}
            options={STREAM_TOP_ORDERS.map((order) => ({
              value: order,
              label: t(`streamStats.top.order.${order}`),
            }))}
          />
        </FilterLabel>
        <RangeRefreshButton
          range={range}
          onRange={setRange}
          refetch={top.refetch}
          label={t('streamStats.refresh')}
        />
      </Flex>
      {!valid && <Typography.Text type="danger">{t('requestLog.range.tooLong')}</Typography.Text>}
      <Typography.Text type="secondary">
        {t('streamStats.top.help', { zone: formatUtcOffset(offset) })}
      </Typography.Text>
      <Tabs
        activeKey={dimension}
        onChange={(key) => setDimension(key as StreamTopDimension)}
        items={STREAM_TOP_DIMENSIONS.map((d) => ({ key: d, label: t(`streamStats.top.dimension.${d}`) }))}
      />
      {top.isError && !top.data ? (
        <LoadFailed
          title={t('streamStats.top.loadFailed')}
          retryLabel={t('streamStats.retry')}
          onRetry={() => void top.refetch()}
        />
      ) : (
        <DataTable<RankedSessionRow>
          rowKey="rank"
          columns={columns}
          dataSource={top.data ? rankedSessionRows(top.data, by) : []}
          loading={top.isFetching}
          emptyText={t('streamStats.empty')}
        />
      )}
    </Flex>
  );
}
