import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { RewriteRule } from '@nimbus/contract';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ConfigStateTags } from '@/features/config-state/components/ConfigStateTags';
import { DATE_COLUMN_WIDTH, DateCell } from '@/features/site-redirects/components/DateCell';
import { useMoveRewrite } from '@/features/site-redirects/hooks/useRedirects';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';

interface RewriteTableProps {
  list: RewriteRule[];
  loading: boolean;
  paging: TablePaging;
  /** The last page holds the end of every site's rules. */
  lastPage: boolean;
  selected: number[];
  onSelectedChange: (ids: number[]) => void;
  onEdit: (rule: RewriteRule) => void;
  onDelete: (rule: RewriteRule) => void;
}

/** Rows come grouped by site in their order, so a rule is its site's last when the next row is another site's. */
const isLastOfSite = (list: RewriteRule[], index: number, lastPage: boolean) => {
  const next = list[index + 1];
  return next ? next.siteId !== list[index]!.siteId : lastPage;
};

/** One page of forwarding rules: where, in which order, what answers, how far it reached the nodes. */
export function RewriteTable(props: RewriteTableProps) {
  const { list, loading, paging, lastPage, selected, onSelectedChange, onEdit, onDelete } = props;
  const { t } = useTranslation();
  const move = useMoveRewrite();
  const moving = move.isPending ? move.variables.id : undefined;

  const columns: ColumnsType<RewriteRule> = [
    { title: t('redirects.column.site'), dataIndex: 'domain' },
    {
      title: t('redirects.column.position'),
      key: 'position',
      width: 120,
      render: (_, rule, index) => (
        <Space size={4}>
          <span>{rule.position}</span>
          <Tooltip title={t('redirects.rewrite.moveUp')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('redirects.rewrite.moveUpOf', { source: rule.source })}
              disabled={rule.position === 1 || moving !== undefined}
              loading={moving === rule.id}
              onClick={() => move.mutate({ id: rule.id, position: rule.position - 1 })}
            />
          </Tooltip>
          <Tooltip title={t('redirects.rewrite.moveDown')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('redirects.rewrite.moveDownOf', { source: rule.source })}
              disabled={isLastOfSite(list, index, lastPage) || moving !== undefined}
              onClick={() => move.mutate({ id: rule.id, position: rule.position + 1 })}
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('redirects.column.match'),
      dataIndex: 'match',
      render: (match: RewriteRule['match']) => <Tag>{t(`redirects.match.${match}`)}</Tag>,
    },
    {
      title: t('redirects.column.source'),
      dataIndex: 'source',
      render: (source: string) => <Typography.Text code>{source}</Typography.Text>,
    },
    {
      title: t('redirects.column.target'),
      dataIndex: 'target',
      render: (target: string) => (
        <Typography.Text style={{ wordBreak: 'break-all' }}>{target}</Typography.Text>
      ),
    },
    { title: t('redirects.column.status'), dataIndex: 'status', width: 80 },
    {
      title: t('redirects.column.keepQuery'),
      dataIndex: 'keepQuery',
      render: (keep: boolean) => (keep ? t('redirects.yes') : t('redirects.no')),
    },
    {
      title: t('redirects.column.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) =>
        enabled ? <Tag color="success">{t('redirects.on')}</Tag> : <Tag>{t('redirects.off')}</Tag>,
    },
    {
      title: t('redirects.column.config'),
      key: 'config',
      render: (_, rule) => <ConfigStateTags state={rule.config} />,
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
      render: (_, rule) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(rule)}>
            {t('redirects.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(rule)}>
            {t('redirects.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <DataTable<RewriteRule>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
      emptyText={t('redirects.rewrite.empty')}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelectedChange(keys.map(Number)),
      }}
    />
  );
}
