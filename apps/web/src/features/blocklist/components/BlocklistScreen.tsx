import { Alert, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOCKLIST_LIMITS } from '@nimbus/contract';
import { blocklistApi } from '@/features/blocklist/api/blocklist-api';
import { BlockDialog } from '@/features/blocklist/components/BlockDialog';
import { BlocklistTable } from '@/features/blocklist/components/BlocklistTable';
import { BlocklistToolbar } from '@/features/blocklist/components/BlocklistToolbar';
import { BlockStats } from '@/features/blocklist/components/BlockStats';
import { ConditionDialog } from '@/features/blocklist/components/ConditionDialog';
import { useBlocklist, useBlocklistChange } from '@/features/blocklist/hooks/useBlocklist';
import { DEFAULT_FILTERS, listRequest, type BlocklistFilters } from '@/features/blocklist/lib/list-filters';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

/** What an operator should know before blocking: how fast, how long, what is not covered. */
function BlocklistHelp() {
  const { t } = useTranslation();
  const points = ['propagation', 'expiry', 'stream', 'tooWide'] as const;
  return (
    <Alert
      type="info"
      showIcon
      title={t('blocklist.help.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {points.map((point) => (
            <li key={point}>{t(`blocklist.help.${point}`, BLOCKLIST_LIMITS.minPrefix)}</li>
          ))}
        </ul>
      }
    />
  );
}

/** The list with its toolbar and dialogs; the selection is of what is on screen under these filters. */
function BlocklistEntries() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const paging = usePaging();
  const [filters, setFilters] = useState<BlocklistFilters>(DEFAULT_FILTERS);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'block' | 'condition'>();
  const { data, isFetching, isError, refetch } = useBlocklist(
    listRequest(filters, paging.page, paging.limit),
  );
  const release = useBlocklistChange(blocklistApi.release);
  // Only what is on screen and still active: a selected entry may have expired or been released
  // (here or by another admin) since it was ticked, and the list was read again since.
  const selectable = selected.filter((id) =>
    data?.list.some((row) => row.id === id && row.state === 'active'),
  );

  const releaseSelected = async () => {
    const confirmed = await modal.confirm({
      title: t('blocklist.release.selectedTitle'),
      content: t('blocklist.release.selectedText', { count: selectable.length }),
      okText: t('blocklist.release.ok'),
      okButtonProps: { danger: true },
      cancelText: t('blocklist.release.cancel'),
    });
    if (!confirmed) return;
    const { released } = await release.mutateAsync(selectable);
    setSelected([]);
    void message.success(t('blocklist.released', { count: released }));
  };

  let list;
  if (!data)
    list = isError ? (
      <LoadFailed
        title={t('blocklist.listLoadFailed')}
        retryLabel={t('blocklist.retry')}
        onRetry={() => void refetch()}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 8 }} />
    );
  else
    list = (
      <BlocklistTable
        rows={data.list}
        loading={isFetching}
        paging={{
          page: paging.page,
          pageSize: paging.limit,
          total: data.totalCount,
          onChange: paging.onChange,
        }}
        selected={selectable}
        onSelect={setSelected}
      />
    );

  return (
    <div>
      <BlocklistToolbar
        filters={filters}
        onFilters={(next) => {
          setFilters(next);
          setSelected([]);
          paging.reset();
        }}
        selectedCount={selectable.length}
        onBlock={() => setDialog('block')}
        onConditional={() => setDialog('condition')}
        onReleaseSelected={() => void releaseSelected().catch(() => undefined)}
      />
      {list}
      <BlockDialog open={dialog === 'block'} onClose={() => setDialog(undefined)} />
      <ConditionDialog open={dialog === 'condition'} onClose={() => setDialog(undefined)} />
    </div>
  );
}

/** Admin → System → Blocklist (spec §2, §4; issue 20 §3). */
export function BlocklistScreen() {
  return (
    <Flex vertical gap={16}>
      <BlocklistHelp />
      <BlockStats />
      <BlocklistEntries />
    </Flex>
  );
}
