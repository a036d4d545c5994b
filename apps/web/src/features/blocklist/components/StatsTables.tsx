import type { BlocklistStats } from '@nimbus/contract';
import { Empty, Table, theme, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SourceTag } from '@/features/blocklist/components/BlockTags';

type ReasonRow = BlocklistStats['byReason'][number];
type AddressRow = BlocklistStats['topAddresses'][number];

/** A count with a bar of its share of the largest, so the heavy hitters stand out at a glance. */
function CountBar({ count, max }: { count: number; max: number }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minWidth: 96 }}>
      <div style={{ textAlign: 'right' }}>{count.toLocaleString('en-US')}</div>
      <div aria-hidden style={{ height: 4, borderRadius: 2, background: token.colorFillSecondary }}>
        <div
          style={{
            width: `${max > 0 ? Math.max(2, (count / max) * 100) : 0}%`,
            height: '100%',
            borderRadius: 2,
            background: token.colorError,
          }}
        />
      </div>
    </div>
  );
}

function StatsTable<T extends object>(props: {
  title: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: ColumnsType<T>;
  emptyText: string;
}) {
  return (
    <div>
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 0 }}>
        {props.title}
      </Typography.Title>
      <Table<T>
        size="small"
        pagination={false}
        rowKey={props.rowKey}
        dataSource={props.rows}
        columns={props.columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} /> }}
      />
    </div>
  );
}

/** Blocked requests per reason (with the source that blocked for it). */
export function ReasonTable({ rows, emptyText }: { rows: ReasonRow[]; emptyText: string }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...rows.map((row) => row.count));
  return (
    <StatsTable<ReasonRow>
      title={t('blocklist.stats.byReason')}
      rows={rows}
      rowKey={(row) => `${row.source}\n${row.reason}`}
      emptyText={emptyText}
      columns={[
        {
          title: t('blocklist.stats.reason'),
          dataIndex: 'reason',
          render: (reason: string) => (
            <Typography.Text ellipsis={{ tooltip: reason }} style={{ maxWidth: 220 }}>
              {reason}
            </Typography.Text>
          ),
        },
        {
          title: t('blocklist.stats.source'),
          dataIndex: 'source',
          render: (source: ReasonRow['source']) => <SourceTag source={source} />,
        },
        {
          title: t('blocklist.stats.requests'),
          dataIndex: 'count',
          align: 'right',
          render: (count: number) => <CountBar count={count} max={max} />,
        },
      ]}
    />
  );
}

/** The addresses and blocks refused most often in the window (the contract's top 10). */
export function TopAddressTable({ rows, emptyText }: { rows: AddressRow[]; emptyText: string }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...rows.map((row) => row.count));
  return (
    <StatsTable<AddressRow>
      title={t('blocklist.stats.topAddresses')}
      rows={rows}
      rowKey={(row) => row.range}
      emptyText={emptyText}
      columns={[
        { title: t('blocklist.stats.address'), dataIndex: 'range' },
        {
          title: t('blocklist.stats.requests'),
          dataIndex: 'count',
          align: 'right',
          render: (count: number) => <CountBar count={count} max={max} />,
        },
      ]}
    />
  );
}
