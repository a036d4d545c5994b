import type { BlocklistEntry } from '@nimbus/contract';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { blocklistApi } from '@/features/blocklist/api/blocklist-api';
import { SourceTag, StateTag } from '@/features/blocklist/components/BlockTags';
import { useBlocklistChange } from '@/features/blocklist/hooks/useBlocklist';
import { timeLeft } from '@/features/blocklist/lib/block-time';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { formatDateTime } from '@/shared/format/date-time';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';

interface BlocklistTableProps {
  rows: BlocklistEntry[];
  loading: boolean;
  paging: TablePaging;
  selected: number[];
  onSelect: (ids: number[]) => void;
}

const Muted = ({ children }: { children: string }) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {children}
  </Typography.Text>
);

/** The entries, newest first; only an active entry can be released (or selected to be). */
export function BlocklistTable({ rows, loading, paging, selected, onSelect }: BlocklistTableProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const release = useBlocklistChange(blocklistApi.release);
  const releaseOne = async (id: number) => {
    const { released } = await release.mutateAsync([id]);
    void message.success(t('blocklist.released', { count: released }));
  };

  const columns: ColumnsType<BlocklistEntry> = [
    {
      title: t('blocklist.column.range'),
      dataIndex: 'range',
      render: (range: string) => <Typography.Text strong>{range}</Typography.Text>,
    },
    {
      title: t('blocklist.column.reason'),
      dataIndex: 'reason',
      render: (reason: string) => (
        <Typography.Text ellipsis={{ tooltip: reason }} style={{ maxWidth: 240 }}>
          {reason}
        </Typography.Text>
      ),
    },
    {
      title: t('blocklist.column.source'),
      dataIndex: 'source',
      render: (source: BlocklistEntry['source']) => <SourceTag source={source} />,
    },
    {
      title: t('blocklist.column.site'),
      key: 'site',
      render: (_, row) => row.siteDomain ?? (row.siteId ? t('blocklist.siteId', { id: row.siteId }) : '—'),
    },
    {
      title: t('blocklist.column.scope'),
      key: 'scope',
      // A ban closes its site only, a customer's WAF rule that customer's sites; an admin's block all.
      render: (_, row) =>
        row.siteOnly
          ? t('blocklist.scope.site')
          : row.customerId === null
            ? t('blocklist.scope.platform')
            : t('blocklist.scope.customer', { name: row.customerName ?? `#${row.customerId}` }),
    },
    {
      title: t('blocklist.column.createdBy'),
      dataIndex: 'createdBy',
      // An empty name is a ban a site's WAF or rate limit made by itself.
      render: (name: string) => name || t('blocklist.automatic'),
    },
    {
      title: t('blocklist.column.createTime'),
      dataIndex: 'createTime',
      render: (time: string) => formatDateTime(time),
    },
    {
      title: t('blocklist.column.expireTime'),
      key: 'expireTime',
      render: (_, row) =>
        row.expireTime === null ? (
          t('blocklist.permanent')
        ) : (
          <Flex vertical>
            <span>{formatDateTime(row.expireTime)}</span>
            {row.state === 'active' && <Muted>{timeLeft(row.expireTime, t)}</Muted>}
          </Flex>
        ),
    },
    {
      title: t('blocklist.column.state'),
      key: 'state',
      render: (_, row) => (
        <Flex vertical align="start" gap={2}>
          <StateTag state={row.state} />
          {row.state === 'released' && row.releaseTime && (
            <Muted>
              {t('blocklist.releasedBy', {
                name: row.releasedBy || t('blocklist.automatic'),
                time: formatDateTime(row.releaseTime),
              })}
            </Muted>
          )}
        </Flex>
      ),
    },
    {
      title: t('blocklist.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) =>
        row.state === 'active' && (
          <Popconfirm
            title={t('blocklist.release.confirmTitle', { range: row.range })}
            description={t('blocklist.release.confirmText')}
            okText={t('blocklist.release.ok')}
            cancelText={t('blocklist.release.cancel')}
            onConfirm={() => releaseOne(row.id).catch(() => undefined)}
          >
            <Button type="link" size="small">
              {t('blocklist.release.action')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <DataTable<BlocklistEntry>
      rowKey="id"
      dataSource={rows}
      loading={loading}
      columns={columns}
      paging={paging}
      emptyText={t('blocklist.empty')}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys as number[]),
        getCheckboxProps: (row) => ({ disabled: row.state !== 'active' }),
      }}
    />
  );
}
