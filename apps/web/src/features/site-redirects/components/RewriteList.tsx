import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RewriteRule } from '@nimbus/contract';
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RewriteFormModal, type RewriteEditing } from '@/features/site-redirects/components/RewriteFormModal';
import { RewriteTable } from '@/features/site-redirects/components/RewriteTable';
import { SiteSelect } from '@/features/site-redirects/components/SiteSelect';
import { useDeleteRewrites, useRewriteList } from '@/features/site-redirects/hooks/useRedirects';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { useConfirm } from '@/shared/ui/confirm';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

/** The customer's forwarding rules across their sites: filtered by site, searched, paged. */
export function RewriteList() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { confirmDelete } = useConfirm();
  const paging = usePaging();
  const [keyword, setKeyword] = useState<string>();
  const [siteId, setSiteId] = useState<number>();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<RewriteEditing>();
  const remove = useDeleteRewrites();
  const { data, isPending, isPlaceholderData, isError, refetch } = useRewriteList({
    page: paging.page,
    limit: paging.limit,
    order: 'desc',
    ...(siteId ? { siteId } : {}),
    ...(keyword ? { keyword } : {}),
  });
  const total = data?.totalCount ?? 0;

  const deleteRules = (ids: number[], rule?: RewriteRule) => {
    if (ids.length === 0) return void message.warning(t('redirects.selectFirst'));
    void confirmDelete({
      title: rule
        ? t('redirects.rewrite.deleteTitle', { source: rule.source, domain: rule.domain })
        : t('redirects.rewrite.deleteTitleMany', { n: ids.length }),
      content: t('redirects.rewrite.deleteContent'),
      onOk: () => remove.mutateAsync(ids),
    }).then((done) => done && setSelected((s) => s.filter((id) => !ids.includes(id))));
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ siteId })}>
          {t('redirects.rewrite.add')}
        </Button>
        <Button icon={<DeleteOutlined />} danger onClick={() => deleteRules(selected)}>
          {t('redirects.deleteSelected')}
        </Button>
        <SiteSelect
          allowClear
          value={siteId}
          aria-label={t('redirects.site.filter')}
          placeholder={t('redirects.site.filter')}
          style={{ width: 240, marginInlineStart: 'auto' }}
          onChange={(id) => {
            setSiteId(id);
            paging.reset();
          }}
        />
        <Input.Search
          allowClear
          enterButton
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            paging.reset();
          }}
          placeholder={t('redirects.rewrite.searchPlaceholder')}
          aria-label={t('redirects.rewrite.searchPlaceholder')}
          maxLength={255}
          style={{ width: 300 }}
        />
      </Flex>
      {isError && !data ? (
        <LoadFailed
          title={t('redirects.loadFailed')}
          retryLabel={t('redirects.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <RewriteTable
          list={data?.list ?? []}
          loading={isPending || isPlaceholderData}
          paging={{ page: paging.page, pageSize: paging.limit, total, onChange: paging.onChange }}
          lastPage={paging.page * paging.limit >= total}
          selected={selected}
          onSelectedChange={setSelected}
          onEdit={(rule) => setEditing({ rule })}
          onDelete={(rule) => deleteRules([rule.id], rule)}
        />
      )}
      <RewriteFormModal editing={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}
