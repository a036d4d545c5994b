import { EditOutlined, LoginOutlined } from '@ant-design/icons';
import { formatMoney, type CustomerSummary } from '@nimbus/contract';
import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { RealnameTag } from '@/features/account/components/RealnameTag';
import { customersApi } from '@/features/customers/api/customers-api';
import { useCustomerChange, useLoginAs } from '@/features/customers/hooks/useCustomers';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { formatDateTime } from '@/shared/format/date-time';

interface CustomerTableProps {
  list: CustomerSummary[];
  loading: boolean;
  paging: TablePaging;
  onEdit: (customer: CustomerSummary) => void;
}

export function CustomerTable({ list, loading, paging, onEdit }: CustomerTableProps) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const { message, modal } = useFeedback();
  const { loginAs, pendingId } = useLoginAs();
  const setStatus = useCustomerChange(customersApi.setStatus);
  const resetTotp = useCustomerChange(customersApi.resetTotp);
  const resetPassword = useCustomerChange(customersApi.resetPassword);
  const done = () => void message.success(t('customers.done'));
  const showPassword = (username: string, password: string) => {
    // modal.success answers a thenable handle: nothing here waits for the dialog.
    void modal.success({
      title: t('customers.password.newTitle', { username }),
      content: (
        <>
          <Typography.Paragraph copyable={{ text: password }} code style={{ fontSize: 16 }}>
            {password}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('customers.password.newText')}</Typography.Paragraph>
        </>
      ),
      okText: t('customers.password.close'),
    });
  };
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
      width: 400,
      render: (_, row) => (
        <Flex wrap>
          <Popconfirm
            title={t('customers.loginAs.confirmTitle', { username: row.username })}
            description={t('customers.loginAs.confirmText')}
            onConfirm={() => void loginAs(row.userId)}
            okText={t('customers.loginAs.ok')}
            cancelText={t('customers.loginAs.cancel')}
            disabled={!row.enabled}
          >
            <Button
              type="link"
              size="small"
              icon={<LoginOutlined />}
              loading={pendingId === row.userId}
              disabled={!row.enabled}
            >
              {t('customers.loginAs.action')}
            </Button>
          </Popconfirm>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(row)}>
            {t('customers.edit.action')}
          </Button>
          <Popconfirm
            title={t(row.enabled ? 'customers.status.disableTitle' : 'customers.status.enableTitle', {
              username: row.username,
            })}
            description={row.enabled ? t('customers.status.disableText') : undefined}
            okText={t(row.enabled ? 'customers.status.disable' : 'customers.status.enable')}
            okButtonProps={{ danger: row.enabled }}
            cancelText={t('customers.loginAs.cancel')}
            onConfirm={() =>
              setStatus.mutate({ userIds: [row.userId], enabled: !row.enabled }, { onSuccess: done })
            }
          >
            <Button type="link" size="small" danger={row.enabled}>
              {t(row.enabled ? 'customers.status.disable' : 'customers.status.enable')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('customers.password.title', { username: row.username })}
            description={t('customers.password.text')}
            okText={t('customers.password.ok')}
            okButtonProps={{ danger: true }}
            cancelText={t('customers.loginAs.cancel')}
            onConfirm={() =>
              resetPassword.mutate(row.userId, {
                onSuccess: ({ password }) => showPassword(row.username, password),
              })
            }
          >
            <Button type="link" size="small">
              {t('customers.password.action')}
            </Button>
          </Popconfirm>
          {row.googleAuthStatus && (
            <Popconfirm
              title={t('customers.totp.title', { username: row.username })}
              description={t('customers.totp.text')}
              okText={t('customers.totp.ok')}
              cancelText={t('customers.loginAs.cancel')}
              onConfirm={() => resetTotp.mutate(row.userId, { onSuccess: done })}
            >
              <Button type="link" size="small">
                {t('customers.totp.action')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
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
