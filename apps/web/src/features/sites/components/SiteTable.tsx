import type { Site, SiteListRequest } from '@nimbus/contract';
import { Button, Flex, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CnameCheckButton } from '@/features/sites/components/CnameCheck';
import { ConfigStateTags } from '@/features/config-state/components/ConfigStateTags';
import { ProtocolTags } from '@/features/sites/components/ProtocolTags';
import { useSiteActions } from '@/features/sites/hooks/useSiteActions';
import { siteAdminPath } from '@/features/sites/lib/routes';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';
import { formatDateTime } from '@/shared/format/date-time';

export type SiteSort = Pick<Required<SiteListRequest>, 'sidx' | 'order'>;
export const DEFAULT_SITE_SORT: SiteSort = { sidx: 'id', order: 'desc' };
type SortField = SiteSort['sidx'];

interface SiteTableProps {
  list: Site[];
  loading: boolean;
  paging: TablePaging;
  sort: SiteSort;
  onSortChange: (sort: SiteSort) => void;
  selected: number[];
  onSelectedChange: (ids: number[]) => void;
}

/** The sites of one page with their CNAME, listening state, per-node config state and switches. */
export function SiteTable({
  list,
  loading,
  paging,
  sort,
  onSortChange,
  selected,
  onSelectedChange,
}: SiteTableProps) {
  const { t } = useTranslation();
  const { confirmAction, enableNow, pendingIds } = useSiteActions();
  const sortOrderOf = (field: SortField): SortOrder =>
    sort.sidx === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;
  const dropSelected = (id: number) => onSelectedChange(selected.filter((s) => s !== id));

  const columns: ColumnsType<Site> = [
    {
      title: t('sites.column.domain'),
      dataIndex: 'domain',
      key: 'domain',
      sorter: true,
      sortOrder: sortOrderOf('domain'),
      // The domain opens its settings page, as the "Configure" action does.
      render: (domain: string, site) => (
        <Link to={siteAdminPath(site.id)}>
          <Typography.Text strong style={{ color: 'inherit' }}>
            {domain}
          </Typography.Text>
        </Link>
      ),
    },
    {
      title: t('sites.column.cname'),
      dataIndex: 'cname',
      render: (cname: string, site) => (
        <Flex gap={8} align="center" wrap>
          {cname ? (
            <Typography.Text copyable={{ text: cname }}>{cname}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">-</Typography.Text>
          )}
          <CnameCheckButton site={site} />
        </Flex>
      ),
    },
    {
      title: t('sites.column.group'),
      dataIndex: 'siteGroupName',
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">{t('sites.group.ungrouped')}</Typography.Text>,
    },
    {
      title: t('sites.column.protocol'),
      key: 'protocol',
      render: (_, site) => <ProtocolTags site={site} />,
    },
    {
      title: t('sites.column.config'),
      key: 'config',
      // An unproved site is not sent to the nodes at all, so there is no "applied" to show yet.
      render: (_, site) =>
        site.verified ? (
          <ConfigStateTags state={site.config} />
        ) : (
          <Tooltip title={t('sites.awaitingHelp')}>
            <Tag color="gold">{t('sites.awaiting')}</Tag>
          </Tooltip>
        ),
    },
    {
      title: t('sites.column.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, site) => (
        <Flex vertical gap={4} align="start">
          <Switch
            checked={enabled}
            loading={pendingIds.includes(site.id)}
            aria-label={t('sites.column.enabledOf', { domain: site.domain })}
            onChange={(next) =>
              void (next ? enableNow(site.id) : confirmAction('disable', [site.id], site.domain))
            }
          />
          {site.suspended && (
            <Tooltip title={t('sites.suspendedHelp')}>
              <Tag color="orange">{t('sites.suspended')}</Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: t('sites.column.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 180,
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      // One line: a wrapped time reads as two values, and the column must not be squeezed (1440 px).
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>,
    },
    {
      title: t('sites.column.action'),
      key: 'action',
      fixed: 'right',
      width: 130,
      render: (_, site) => (
        <Space size={0}>
          <Link
            to={siteAdminPath(site.id)}
            aria-label={t('sites.action.configureOf', { domain: site.domain })}
            style={{ padding: '0 7px' }}
          >
            {t('sites.action.configure')}
          </Link>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void confirmAction('delete', [site.id], site.domain).then(
                (done) => done && dropSelected(site.id),
              )
            }
          >
            {t('sites.action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <DataTable<Site>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
      emptyText={t('sites.list.empty')}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelectedChange(keys.map(Number)),
      }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || Array.isArray(sorter)) return;
        const field = sorter.columnKey as SortField | undefined;
        onSortChange(
          sorter.order && field
            ? { sidx: field, order: sorter.order === 'ascend' ? 'asc' : 'desc' }
            : DEFAULT_SITE_SORT,
        );
      }}
    />
  );
}
