import { Col, Row, Select, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonTable, TopAddressTable } from '@/features/blocklist/components/StatsTables';
import { useBlockStats } from '@/features/blocklist/hooks/useBlocklist';
import { STATS_WINDOWS, type StatsWindow } from '@/features/blocklist/lib/list-filters';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { Panel } from '@/shared/ui/Panel';

/**
 * The statistics strip: requests the edges refused in a window (spec §2: the last hour by
 * default), the entries enforced now, blocks by reason and the most blocked addresses.
 */
export function BlockStats() {
  const { t } = useTranslation();
  const [hours, setHours] = useState<StatsWindow>(1);
  const { data, isError, refetch } = useBlockStats(hours);
  const emptyText = t(`blocklist.stats.noneBlocked.${hours}`);

  let body;
  if (!data)
    body = isError ? (
      <LoadFailed
        title={t('blocklist.stats.loadFailed')}
        retryLabel={t('blocklist.retry')}
        onRetry={() => void refetch()}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 4 }} />
    );
  else
    body = (
      <Row gutter={[24, 16]}>
        <Col xs={12} lg={4}>
          <Statistic title={t('blocklist.stats.totalBlocked')} value={data.totalBlocked} />
        </Col>
        <Col xs={12} lg={4}>
          <Statistic title={t('blocklist.stats.activeEntries')} value={data.activeEntries} />
        </Col>
        <Col xs={24} lg={8}>
          <ReasonTable rows={data.byReason} emptyText={emptyText} />
        </Col>
        <Col xs={24} lg={8}>
          <TopAddressTable rows={data.topAddresses} emptyText={emptyText} />
        </Col>
      </Row>
    );

  return (
    <Panel
      title={t('blocklist.stats.title')}
      extra={
        <FilterLabel label={t('blocklist.stats.window')}>
          <Select<StatsWindow>
            value={hours}
            onChange={setHours}
            style={{ width: 150 }}
            options={STATS_WINDOWS.map((value) => ({ value, label: t(`blocklist.stats.windows.${value}`) }))}
          />
        </FilterLabel>
      }
    >
      {body}
    </Panel>
  );
}
