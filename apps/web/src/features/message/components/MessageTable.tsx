import type { Message } from '@nimbus/contract';
import { Badge, Button, Flex, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MessageTypeTag } from '@/features/message/components/MessageTypeTag';
import {
  messagePaths,
  useDeleteMessages,
  useMarkRead,
  useMessageList,
} from '@/features/message/hooks/useMessages';
import { useConfirm } from '@/shared/ui/confirm';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { useLocalPaging } from '@/shared/ui/usePaging';
import { formatDateTime } from '@/shared/format/date-time';

/** The customer's message list: the newest 100 (spec §9) paged here, batch delete and mark-read. */
export function MessageTable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useMessageList();
  const remove = useDeleteMessages();
  const markRead = useMarkRead();
  const { confirmDelete, confirmBatchDelete } = useConfirm();
  const [selected, setSelected] = useState<number[]>([]);

  const list = useMemo(() => data?.list ?? [], [data]);
  const { rows, paging } = useLocalPaging(list);
  const selectedUnread = list.filter((m) => selected.includes(m.id) && m.readStatus === 0).map((m) => m.id);

  const deleteIds = async (ids: number[]) => {
    await remove.mutateAsync(ids);
    setSelected((current) => current.filter((id) => !ids.includes(id)));
  };

  const columns: ColumnsType<Message> = [
    {
      title: t('message.list.columnType'),
      dataIndex: 'type',
      width: 120,
      render: (type: number) => <MessageTypeTag type={type} />,
    },
    {
      title: t('message.list.columnTitle'),
      dataIndex: 'title',
      render: (title: string, m) => (
        <Link to={messagePaths.detail(m.id)} style={{ fontWeight: m.readStatus === 0 ? 600 : undefined }}>
          {title}
        </Link>
      ),
    },
    {
      title: t('message.list.columnTime'),
      dataIndex: 'createtime',
      width: 190,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('message.list.columnState'),
      dataIndex: 'readStatus',
      width: 110,
      render: (v: number) =>
        v === 0 ? (
          <Badge status="processing" text={t('message.state.unread')} />
        ) : (
          <Badge status="default" text={t('message.state.read')} />
        ),
    },
    {
      title: t('message.list.columnAction'),
      key: 'action',
      width: 150,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(messagePaths.detail(m.id))}>
            {t('message.list.view')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void confirmDelete({
                title: t('message.list.deleteOneTitle', { title: m.title }),
                onOk: () => deleteIds([m.id]),
              })
            }
          >
            {t('message.list.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  if (isError && !data) {
    return (
      <LoadFailed
        title={t('message.loadFailed')}
        retryLabel={t('message.retry')}
        onRetry={() => void refetch()}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <Button danger onClick={() => void confirmBatchDelete(selected, { onOk: () => deleteIds(selected) })}>
          {t('message.list.batchDelete')}
        </Button>
        <Button
          disabled={selectedUnread.length === 0}
          loading={markRead.isPending && markRead.variables?.ids !== undefined}
          onClick={() => markRead.mutate({ ids: selectedUnread })}
        >
          {t('message.list.markRead')}
        </Button>
        <Button
          disabled={(data?.unreadCount ?? 0) === 0}
          loading={markRead.isPending && markRead.variables?.all === true}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('message.list.markAllRead')}
        </Button>
        <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
          {selected.length > 0
            ? t('message.list.selected', { count: selected.length })
            : data
              ? t(list.length < data.totalCount ? 'message.list.summary' : 'message.list.summaryAll', {
                  shown: list.length,
                  total: data.totalCount,
                  unread: data.unreadCount,
                })
              : null}
        </Typography.Text>
      </Flex>
      <DataTable<Message>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        paging={paging}
        loading={isPending}
        emptyText={t('message.list.empty')}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
      />
    </Flex>
  );
}
