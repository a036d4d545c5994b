import { PlusOutlined } from '@ant-design/icons';
import type { StreamRule } from '@nimbus/contract';
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StreamBulkBar } from '@/features/stream/components/StreamBulkBar';
import { StreamFormModal } from '@/features/stream/components/StreamFormModal';
import { StreamTable } from '@/features/stream/components/StreamTable';
import { useStreamList } from '@/features/stream/hooks/useStreams';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

/** The editing state of the form dialog: closed, adding, or editing one rule. */
type Editing = { rule?: StreamRule } | undefined;

/** The customer's layer-4 forwarding rules: searched, paged newest first, bulk actions on the selection. */
export function StreamList() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState<string>();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>();
  const { data, isPending, isPlaceholderData, isError, refetch } = useStreamList({
    page: paging.page,
    limit: paging.limit,
    order: 'desc',
    ...(keyword ? { keyword } : {}),
  });

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('stream.list.add')}
        </Button>
        <Input.Search
          allowClear
          enterButton
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            paging.reset();
          }}
          placeholder={t('stream.list.searchPlaceholder')}
          aria-label={t('stream.list.searchPlaceholder')}
          maxLength={255}
          style={{ width: 300, marginInlineStart: 'auto' }}
        />
      </Flex>
      <StreamBulkBar selected={selected} onDone={() => setSelected([])} />
      {isError && !data ? (
        <LoadFailed
          title={t('stream.list.loadFailed')}
          retryLabel={t('stream.list.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <StreamTable
          list={data?.list ?? []}
          // The 2 s refresh of pending rules updates in place, without a spinner over the table.
          loading={isPending || isPlaceholderData}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
          selected={selected}
          onSelectedChange={setSelected}
          onEdit={(rule) => setEditing({ rule })}
        />
      )}
      <StreamFormModal
        open={editing !== undefined}
        rule={editing?.rule}
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}
