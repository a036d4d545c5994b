import type { AdminMessage } from '@nimbus/contract';
import { Button, Flex, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AnnouncementViewModal } from '@/features/announcement/components/AnnouncementViewModal';
import { useAnnouncementList, useDeleteAnnouncements } from '@/features/announcement/hooks/useAnnouncements';
import { ADMIN_MESSAGE_PATHS } from '@/features/message/components/AdminMessageEntries';
import { MessageTypeTag } from '@/features/message/components/MessageTypeTag';
import { useConfirm } from '@/shared/ui/confirm';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { formatDateTime } from '@/shared/format/date-time';

/** Published announcements: paged on the server, searchable by title, deletable, viewable. */
export function AnnouncementTable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = usePaging();
  const [draft, setDraft] = useState('');
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<AdminMessage>();
  const { confirmDelete, confirmBatchDelete } = useConfirm();
  const remove = useDeleteAnnouncements();
  const { data, isFetching, isError, refetch } = useAnnouncementList({
    page: paging.page,
    limit: paging.limit,
    sidx: 'id',
    order: 'desc',
    title: title || undefined,
  });

  const search = (value: string) => {
    setTitle(value.trim());
    paging.reset();
  };
  const deleteIds = async (ids: number[]) => {
    await remove.mutateAsync(ids);
    setSelected((current) => current.filter((id) => !ids.includes(id)));
  };

  const columns: ColumnsType<AdminMessage> = [
    { title: t('announcement.manage.columnId'), dataIndex: 'id', width: 90 },
    {
      title: t('announcement.manage.columnTitle'),
      dataIndex: 'title',
      render: (value: string, item) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setViewing(item)}>
          {value}
        </Button>
      ),
    },
    {
      title: t('announcement.manage.columnType'),
      dataIndex: 'type',
      width: 120,
      render: (v: number) => <MessageTypeTag type={v} />,
    },
    {
      title: t('announcement.manage.columnTime'),
      dataIndex: 'createtime',
      width: 190,
      render: (v: string) => formatDateTime(v),
    },
    { title: t('announcement.manage.columnReadCount'), dataIndex: 'readCount', width: 110 },
    {
      title: t('announcement.manage.columnAction'),
      key: 'action',
      width: 150,
      render: (_, item) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(item)}>
            {t('announcement.manage.view')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void confirmDelete({
                title: t('announcement.manage.deleteTitle', { title: item.title }),
                content: t('announcement.manage.deleteContent'),
                onOk: () => deleteIds([item.id]),
              })
            }
          >
            {t('announcement.manage.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <FilterLabel label={t('table.search')}>
          <Input.Search
            allowClear
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={search}
            placeholder={t('announcement.manage.searchPlaceholder')}
            enterButton={t('announcement.manage.search')}
            style={{ width: 340 }}
            maxLength={200}
          />
        </FilterLabel>
        <Button
          onClick={() => {
            setDraft('');
            search('');
          }}
        >
          {t('announcement.manage.reset')}
        </Button>
        <Button danger onClick={() => void confirmBatchDelete(selected, { onOk: () => deleteIds(selected) })}>
          {t('announcement.manage.batchDelete')}
        </Button>
        <Button
          type="primary"
          style={{ marginInlineStart: 'auto' }}
          onClick={() => void navigate(ADMIN_MESSAGE_PATHS.publish)}
        >
          {t('announcement.manage.publish')}
        </Button>
      </Flex>
      {isError && !data ? (
        <LoadFailed
          title={t('announcement.manage.loadFailed')}
          retryLabel={t('announcement.manage.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <DataTable<AdminMessage>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          emptyText={t('announcement.manage.empty')}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
      <AnnouncementViewModal item={viewing} onClose={() => setViewing(undefined)} />
    </Flex>
  );
}
