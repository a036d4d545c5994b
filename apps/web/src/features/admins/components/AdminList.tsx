import { PlusOutlined } from '@ant-design/icons';
import type { AdminSummary } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminsApi, adminsQueryKey } from '@/features/admins/api/admins-api';
import { AdminFormModal } from '@/features/admins/components/AdminFormModal';
import { useCurrentUser } from '@/shared/auth/useCurrentUser';
import { DataTable } from '@/shared/ui/DataTable';
import { usePaging } from '@/shared/ui/usePaging';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { formatDateTime } from '@/shared/format/date-time';

/** The platform's administrators: who they are, add one, disable or enable one (never oneself). */
export function AdminList() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const current = useCurrentUser().data;
  const me = current?.side === 'admin' ? current.user.id : undefined;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...adminsQueryKey, paging.page, paging.limit, keyword],
    queryFn: ({ signal }) => adminsApi.list({ page: paging.page, limit: paging.limit, keyword }, signal),
    placeholderData: keepPreviousData,
  });
  const setStatus = useMutation({
    mutationFn: adminsApi.setStatus,
    onSuccess: () => {
      void message.success(t('common.saved'));
      return queryClient.invalidateQueries({ queryKey: adminsQueryKey });
    },
  });

  const columns: ColumnsType<AdminSummary> = [
    { title: 'ID', dataIndex: 'id', key: 'id' },
    {
      title: t('admins.column.username'),
      dataIndex: 'username',
      key: 'username',
      render: (username: string, row) => (
        <>
          {username} {row.id === me && <Tag color="blue">{t('admins.you')}</Tag>}
          {!row.enabled && <Tag color="red">{t('admins.disabled')}</Tag>}
        </>
      ),
    },
    {
      title: t('admins.column.mail'),
      dataIndex: 'mail',
      key: 'mail',
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('admins.column.mobile'),
      dataIndex: 'mobile',
      key: 'mobile',
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('admins.column.twoFactor'),
      dataIndex: 'googleAuthStatus',
      key: 'totp',
      render: (on: boolean) => t(on ? 'admins.on' : 'admins.off'),
    },
    {
      title: t('admins.column.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      render: (time: string) => formatDateTime(time),
    },
    {
      title: t('admins.column.action'),
      key: 'action',
      render: (_, row) =>
        row.id === me ? (
          '-'
        ) : (
          <Popconfirm
            title={t(row.enabled ? 'admins.disableTitle' : 'admins.enableTitle', { username: row.username })}
            description={row.enabled ? t('admins.disableText') : undefined}
            okText={t(row.enabled ? 'admins.disable' : 'admins.enable')}
            okButtonProps={{ danger: row.enabled }}
            cancelText={t('confirm.cancel')}
            onConfirm={() => setStatus.mutate({ adminId: row.id, enabled: !row.enabled })}
          >
            <Button type="link" size="small" danger={row.enabled}>
              {t(row.enabled ? 'admins.disable' : 'admins.enable')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card title={t('admins.title')}>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <FilterLabel label={t('table.search')}>
          <Input.Search
            allowClear
            enterButton
            placeholder={t('admins.searchPlaceholder')}
            maxLength={254}
            style={{ maxWidth: 360 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              paging.reset();
            }}
          />
        </FilterLabel>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('admins.add')}
        </Button>
      </Flex>
      <DataTable<AdminSummary>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        paging={{
          page: paging.page,
          pageSize: paging.limit,
          total: query.data?.totalCount ?? 0,
          onChange: paging.onChange,
        }}
      />
      <AdminFormModal open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
