import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  formatBytes,
  formatUtcOffset,
  STREAM_STATUSES,
  type StreamSessionQuery,
  type StreamSessionRow,
} from '@nimbus/contract';
import { Alert, Button, Flex, Form, Input, Select, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeRangeField } from '@/features/request-log/components/TimeRangeField';
import {
  fitsQueryLimit,
  LOG_PRESETS,
  presetTimeRange,
  rangeRequest,
  refreshTimeRange,
  type TimeRange,
} from '@/features/request-log/lib/time-range';
import { RuleSelect } from '@/features/stream-stats/components/RuleChooser';
import { useSessionExport } from '@/features/stream-stats/hooks/useSessionExport';
import { useStreamSessions } from '@/features/stream-stats/hooks/useStreamStats';
import { displayOffsetMinutes, formatDateTime } from '@/shared/format/date-time';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

type Status = (typeof STREAM_STATUSES)[number];
interface Filters {
  ruleId?: number;
  range: TimeRange;
  clientIp?: string;
  status?: Status;
}

const queryOf = (f: Filters): Omit<StreamSessionQuery, 'page' | 'limit'> => ({
  ruleId: f.ruleId,
  ...rangeRequest(f.range),
  clientIp: f.clientIp?.trim() || undefined,
  status: f.status,
});

/**
 * Spec §2 stream/log: one row per layer-4 session, newest first, filtered by rule, time, client
 * address and status (applied together on "Search", from page 1), server-paged, with a CSV of the
 * filter as the request log has.
 */
export function StreamLog() {
  const { t } = useTranslation();
  const offset = displayOffsetMinutes();
  // As the request log: the last hour.
  const [initial] = useState<Filters>(() => ({ range: presetTimeRange('1h', Date.now(), offset) }));
  const [filters, setFilters] = useState(initial);
  const paging = usePaging();
  const query = queryOf(filters);
  const log = useStreamSessions(
    { ...query, page: paging.page, limit: paging.limit },
    fitsQueryLimit(filters.range),
  );
  const exporter = useSessionExport(query);
  const statusText = (status: number) => t(`streamStats.log.statusHelp.${status}`, { defaultValue: '' });

  const columns: ColumnsType<StreamSessionRow> = [
    {
      title: t('streamStats.log.field.time'),
      key: 'time',
      width: 170,
      render: (_, r) => formatDateTime(r.time),
    },
    {
      title: t('streamStats.rule.label'),
      key: 'rule',
      render: (_, r) =>
        `${r.ruleName ? `${r.ruleName} · ` : ''}${r.protocol} ${r.listenPort || `#${r.ruleId}`}`,
    },
    {
      title: t('streamStats.log.field.clientIp'),
      key: 'client',
      render: (_, r) => `${r.clientIp}:${r.clientPort}`,
    },
    {
      title: t('streamStats.log.field.status'),
      key: 'status',
      width: 90,
      render: (_, r) => (
        <Tooltip title={statusText(r.status)}>
          <Tag color={r.status === 200 ? 'success' : 'error'}>{r.status}</Tag>
        </Tooltip>
      ),
    },
    {
      title: t('streamStats.log.field.sessionMs'),
      key: 'duration',
      width: 120,
      render: (_, r) => r.sessionMs.toLocaleString(),
    },
    {
      title: t('streamStats.top.column.in'),
      key: 'in',
      width: 110,
      render: (_, r) => formatBytes(r.bytesIn),
    },
    {
      title: t('streamStats.top.column.out'),
      key: 'out',
      width: 110,
      render: (_, r) => formatBytes(r.bytesOut),
    },
    {
      title: t('streamStats.log.field.upstream'),
      key: 'upstream',
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: r.upstream }}>{r.upstream || '-'}</Typography.Text>
      ),
    },
    { title: t('streamStats.log.field.nodeName'), dataIndex: 'nodeName', key: 'node' },
  ];
  const rowIndex = new Map((log.data?.list ?? []).map((row, i) => [row, i]));

  return (
    <Flex vertical gap={8}>
      <Form<Filters>
        layout="inline"
        initialValues={initial}
        onFinish={(values) => {
          setFilters({ ...values, range: refreshTimeRange(values.range, Date.now(), offset) });
          paging.reset();
        }}
        style={{ rowGap: 12, marginBottom: 8 }}
      >
        <Form.Item name="ruleId" label={t('streamStats.rule.label')} tooltip={t('streamStats.rule.help')}>
          <RuleSelect />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('streamStats.log.time')}
          rules={[
            {
              validator: (_, range: TimeRange) =>
                fitsQueryLimit(range)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('requestLog.range.tooLong'))),
            },
          ]}
        >
          <TimeRangeField presets={LOG_PRESETS} />
        </Form.Item>
        <Form.Item name="clientIp" label={t('streamStats.log.clientIp')} rules={[{ max: 64 }]}>
          <Input
            aria-label={t('streamStats.log.clientIp')}
            placeholder={t('streamStats.log.clientIpPlaceholder')}
            allowClear
            style={{ width: 170 }}
          />
        </Form.Item>
        <Form.Item name="status" label={t('streamStats.log.status')}>
          <Select<Status>
            aria-label={t('streamStats.log.status')}
            allowClear
            placeholder={t('streamStats.log.anyStatus')}
            style={{ width: 250 }}
            options={STREAM_STATUSES.map((status) => ({
              value: status,
              label: `${status} ${statusText(status)}`,
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('streamStats.log.search')}
          </Button>
        </Form.Item>
      </Form>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Typography.Text type="secondary">
          {t('streamStats.log.help', { zone: formatUtcOffset(offset) })}
        </Typography.Text>
        <Button icon={<DownloadOutlined />} loading={exporter.running} onClick={() => void exporter.run()}>
          {t('streamStats.log.export.button')}
        </Button>
      </Flex>
      {exporter.note && (
        <Alert type="info" showIcon title={exporter.note} closable onClose={exporter.clear} />
      )}
      {log.isError && !log.data ? (
        <LoadFailed
          title={t('streamStats.log.loadFailed')}
          retryLabel={t('streamStats.retry')}
          onRetry={() => void log.refetch()}
        />
      ) : (
        <DataTable<StreamSessionRow>
          // Rows carry no id: their place on the page is the key.
          rowKey={(r) => String(rowIndex.get(r))}
          columns={columns}
          dataSource={log.data?.list ?? []}
          loading={log.isFetching}
          emptyText={t('streamStats.empty')}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: log.data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
    </Flex>
  );
}
