import type { ForceRedirect } from '@nimbus/contract';
import { Button, Flex, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ConfigStateTags } from '@/features/config-state/components/ConfigStateTags';
import { DATE_COLUMN_WIDTH, DateCell } from '@/features/site-redirects/components/DateCell';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';

interface ForceTableProps {
  list: ForceRedirect[];
  loading: boolean;
  paging: TablePaging;
  onEdit: (entry: ForceRedirect) => void;
  onDelete: (entry: ForceRedirect) => void;
}

/** One page of forced redirects: the site, where visitors go, with which status, how far it reached the nodes. */
export function ForceTable({ list, loading, paging, onEdit, onDelete }: ForceTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<ForceRedirect> = [
    { title: t('redirects.column.site'), dataIndex: 'domain', ellipsis: { showTitle: true } },
    {
      title: t('redirects.column.kind'),
      key: 'kind',
      render: (_, entry) =>
        entry.kind === 'https'
          ? t('redirects.force.toHttps')
          : t('redirects.force.toHost', { host: entry.targetHost }),
    },
    { title: t('redirects.column.status'), dataIndex: 'status', width: 80 },
    {
      title: t('redirects.column.config'),
      key: 'config',
      render: (_, entry) => (
        <Flex gap={4} wrap>
          {!entry.enabled && <Tag>{t('redirects.off')}</Tag>}
          <ConfigStateTags state={entry.config} />
        </Flex>
      ),
    },
    {
      title: t('redirects.column.createdAt'),
      dataIndex: 'createdAt',
      width: DATE_COLUMN_WIDTH,
      render: (value: string) => <DateCell value={value} />,
    },
    {
      title: t('redirects.column.action'),
      key: 'action',
      fixed: 'right',
      width: 120,
      render: (_, entry) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(entry)}>
            {t('redirects.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(entry)}>
            {t('redirects.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <DataTable<ForceRedirect>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
      emptyText={t('redirects.force.empty')}
    />
  );
}
