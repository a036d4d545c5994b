import { PlusOutlined } from '@ant-design/icons';
import type { ForceRedirect } from '@nimbus/contract';
import { Button, Flex, Input, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForceFormModal, type ForceEditing } from '@/features/site-redirects/components/ForceFormModal';
import { ForceTable } from '@/features/site-redirects/components/ForceTable';
import { useDeleteForces, useForceList } from '@/features/site-redirects/hooks/useRedirects';
import { useConfirm } from '@/shared/ui/confirm';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

/** The customer's forced redirects with their quota (set per customer by the administrator). */
export function ForceList() {
  const { t } = useTranslation();
  const { confirmDelete } = useConfirm();
  const paging = usePaging();
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<ForceEditing>();
  const remove = useDeleteForces();
  const { data, isPending, isPlaceholderData, isError, refetch } = useForceList({
    page: paging.page,
    limit: paging.limit,
    order: 'desc',
    ...(keyword ? { keyword } : {}),
  });
  const quota = data?.quota;
  const full = quota !== undefined && quota.used >= quota.max;

  const deleteEntry = (entry: ForceRedirect) =>
    void confirmDelete({
      title: t('redirects.force.deleteTitle', { domain: entry.domain }),
      content: t('redirects.force.deleteContent'),
      onOk: () => remove.mutateAsync([entry.id]),
    });

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <Tooltip title={full ? t('redirects.force.quotaFull') : undefined}>
          <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setEditing('new')}>
            {t('redirects.force.add')}
          </Button>
        </Tooltip>
        {quota && (
          // A full quota reads in the text colour, bold (amber on white is too faint to read).
          <Typography.Text type={full ? undefined : 'secondary'} strong={full} data-testid="force-quota">
            {t('redirects.force.quota', { used: quota.used, max: quota.max })}
          </Typography.Text>
        )}
        <Input.Search
          allowClear
          enterButton
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            paging.reset();
          }}
          placeholder={t('redirects.force.searchPlaceholder')}
          aria-label={t('redirects.force.searchPlaceholder')}
          maxLength={255}
          style={{ width: 300, marginInlineStart: 'auto' }}
        />
      </Flex>
      {isError && !data ? (
        <LoadFailed
          title={t('redirects.loadFailed')}
          retryLabel={t('redirects.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <ForceTable
          list={data?.list ?? []}
          loading={isPending || isPlaceholderData}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
          onEdit={(entry) => setEditing(entry)}
          onDelete={deleteEntry}
        />
      )}
      <ForceFormModal editing={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}
