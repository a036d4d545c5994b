import { Alert, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoveToGroupModal } from '@/features/sites/components/MoveToGroupModal';
import { SiteBulkBar } from '@/features/sites/components/SiteBulkBar';
import { SiteListToolbar, type SiteFilters } from '@/features/sites/components/SiteListToolbar';
import { DEFAULT_SITE_SORT, SiteTable, type SiteSort } from '@/features/sites/components/SiteTable';
import { useSiteList } from '@/features/sites/hooks/useSites';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

/** The customer's sites: server paged, sorted and filtered; bulk actions on the selection. */
export function SiteList() {
  const { t } = useTranslation();
  const { config, loaded } = useWebConfig();
  const paging = usePaging();
  const [filters, setFilters] = useState<SiteFilters>({});
  const [sort, setSort] = useState<SiteSort>(DEFAULT_SITE_SORT);
  const [selected, setSelected] = useState<number[]>([]);
  const [moving, setMoving] = useState<number[]>();
  const { data, isPending, isPlaceholderData, isError, refetch } = useSiteList({
    page: paging.page,
    limit: paging.limit,
    ...sort,
    ...filters,
  });

  const filter = (patch: SiteFilters) => {
    setFilters((current) => ({ ...current, ...patch }));
    paging.reset();
  };

  return (
    <Flex vertical gap={16}>
      {loaded && config.dns_rewrite.cnameDomain.trim() === '' && (
        <Alert type="warning" showIcon title={t('site.cnameNotConfigured')} />
      )}
      <SiteListToolbar onChange={filter} />
      <SiteBulkBar selected={selected} onDone={() => setSelected([])} onMove={() => setMoving(selected)} />
      {isError && !data ? (
        <LoadFailed
          title={t('sites.list.loadFailed')}
          retryLabel={t('sites.list.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <SiteTable
          list={data?.list ?? []}
          // The 2 s refresh of pending rows updates in place, without a spinner over the table.
          loading={isPending || isPlaceholderData}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            paging.reset();
          }}
          selected={selected}
          onSelectedChange={setSelected}
        />
      )}
      <MoveToGroupModal
        siteIds={moving}
        onClose={(moved) => {
          setMoving(undefined);
          if (moved) setSelected([]);
        }}
      />
    </Flex>
  );
}
