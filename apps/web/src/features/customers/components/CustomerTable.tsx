import { LoginOutlined } from '@ant-design/icons';
import { formatDateTime, formatMoney, type CustomerSummary } from '@nimbus/contract';
import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { RealnameTag } from '@/features/account/components/RealnameTag';
import { useLoginAs } from '@/features/customers/hooks/useCustomers';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';

interface CustomerTableProps {
  list: CustomerSummary[];
  loading: boolean;
  paging: TablePaging;
}

export function CustomerTable({ list, loading, paging }: CustomerTableProps) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const { loginAs, pendingId } = useLoginAs();
  const none = <Typography.Text type="secondary">-</Typography.Text>;

  const columns: ColumnsType<CustomerSummary> = [
    { title: t('customers.column.id'), dataIndex: 'userId', width: 80 },
    {
      title: t('customers.column.username'),
      dataIndex: 'username',
      render: (name: string, row) => (
        <Flex gap={8} align="center">
          <span>{name}</span>
          {!row.enabled && <Tag color="error">{t('customers.disabled')}</Tag>}
          {row.googleAuthStatus && <Tag>{t('customers.twoFactor')}</Tag>}
        </Flex>
      ),
    },
    { title: t('customers.column.mail'), dataIndex: 'mail', render: (v: string | null) => v ?? none },
    { title: t('customers.column.mobile'), dataIndex: 'mobile', render: (v: string | null) => v ?? none },
    {
      title: t('customers.column.balance'),
      dataIndex: 'propertyBalance',
      align: 'right',
      render: (cents: number) => formatMoney(cents, config.price.unit),
    },
    {
      title: t('customers.column.realname'),
      dataIndex: 'realnameStatus',
      render: (status: number) => <RealnameTag status={status} />,
    },
    {
      title: t('customers.column.createTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('customers.column.action'),
      key: 'action',
      fixed: 'right',
      width: 130,
      render: (_, row) => (
        <Popconfirm
          title={t('customers.loginAs.confirmTitle', { username: row.username })}
          description={t('customers.loginAs.confirmText')}
          onConfirm={() => void loginAs(row.userId)}
          okText={t('customers.loginAs.ok')}
          cancelText={t('customers.loginAs.cancel')}
        >
          <Button type="link" size="small" icon={<LoginOutlined />} loading={pendingId === row.userId}>
            {t('customers.loginAs.action')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <DataTable<CustomerSummary>
      rowKey="userId"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
    />
  );
}
