import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { RewriteRule } from '@nimbus/contract';
import { Button, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { entryColumns } from '@/features/site-redirects/components/redirect-columns';
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
    { title: t('redirects.column.site'), dataIndex: 'domain', ellipsis: { showTitle: true } },
    {
      title: t('redirects.column.position'),
      key: 'position',
      width: 100,
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
      title: t('redirects.column.rule'),
      key: 'rule',
      render: (_, rule) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text code ellipsis={{ tooltip: rule.source }}>
            {rule.source}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: rule.target }}>
            {`→ ${rule.target}`}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('redirects.column.answer'),
      key: 'answer',
      width: 170,
      render: (_, rule) => (
        <Flex gap={4} wrap>
          <Tag>{t(`redirects.match.${rule.match}`)}</Tag>
          <Tag color="blue">{rule.status}</Tag>
          {rule.keepQuery && <Tag>{t('redirects.keepsQuery')}</Tag>}
        </Flex>
      ),
    },
    ...entryColumns<RewriteRule>(t, { onEdit, onDelete, actionWidth: 110, configWidth: 140 }),
  ];

  return (
    <DataTable<RewriteRule>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
      emptyText={t('redirects.rewrite.empty')}
      // Wide enough for every column, narrow enough that at 1440 px nothing (the date above all)
      // hides behind a horizontal scroll: long sources, targets and domains are cut with a tooltip.
      scroll={{ x: 1080 }}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelectedChange(keys.map(Number)),
      }}
    />
  );
}
