import type { ForceRedirect } from '@nimbus/contract';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { entryColumns } from '@/features/site-redirects/components/redirect-columns';
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
    ...entryColumns<ForceRedirect>(t, { onEdit, onDelete, actionWidth: 120 }),
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
