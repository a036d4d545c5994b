import {
  formatMoney,
  LEDGER_REASONS,
  type CustomerBalance,
  type LedgerEntry,
  type LedgerReason,
} from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { financeApi, ledgerQueryKey } from '@/features/finance/api/finance-api';
import { settlementLine } from '@/features/finance/lib/settlement-line';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { DataTable } from '@/shared/ui/DataTable';
import { dayRangeRequest, type DayRange } from '@/shared/ui/day-range';
import { DayRangePicker } from '@/shared/ui/DayRangePicker';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';
import { formatDateTime } from '@/shared/format/date-time';

/**
 * Every balance change, newest first. For an admin: one customer's when one is looked up, else
 * everyone's; for a customer (`own`): their own. Filters by type and by days (spec §5: the first
 * day from 00:00:00 to the last day's 23:59:59).
 */
export function LedgerCard({
  customer = null,
  onShowAll,
  own = false,
}: {
  customer?: CustomerBalance | null;
  onShowAll?: () => void;
  own?: boolean;
}) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const paging = usePaging();
  const [reason, setReason] = useState<LedgerReason>();
  const [days, setDays] = useState<DayRange>();
  const body = {
    page: paging.page,
    limit: paging.limit,
    userId: customer?.userId,
    reason,
    ...dayRangeRequest(days),
  };
  const query = useQuery({
    queryKey: [...ledgerQueryKey, own, body],
    queryFn: ({ signal }) => (own ? financeApi.ledger(body, signal) : financeApi.adminLedger(body, signal)),
    placeholderData: keepPreviousData,
  });
  const money = (cents: number) => formatMoney(cents, config.price.unit);

  const columns: ColumnsType<LedgerEntry> = [
    {
      title: t('finance.ledger.column.time'),
      dataIndex: 'createtime',
      key: 'time',
      render: (time: string) => formatDateTime(time),
    },
    ...(own ? [] : [{ title: t('finance.ledger.column.customer'), dataIndex: 'username', key: 'username' }]),
    {
      title: t('finance.ledger.column.reason'),
      dataIndex: 'reason',
      key: 'reason',
      render: (value: LedgerReason) => t(`finance.reason.${value}`),
    },
    {
      title: t('finance.ledger.column.amount'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      // The sign is written out: colour alone would not tell a debit (WCAG 1.4.1).
      render: (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents)),
    },
    {
      title: t('finance.ledger.column.balanceAfter'),
      dataIndex: 'balanceAfter',
      key: 'balanceAfter',
      align: 'right',
      render: money,
    },
    {
      title: t('finance.ledger.column.note'),
      dataIndex: 'note',
      key: 'note',
      render: (note: string, entry) =>
        entry.settlement ? settlementLine(entry.settlement, t, config.price.unit) : note || '-',
    },
    {
      title: t('finance.ledger.column.order'),
      dataIndex: 'orderSerial',
      key: 'order',
      render: (serial: string | null) => serial ?? '-',
    },
  ];

  return (
    <Card
      title={
        own
          ? t('finance.ledger.ownTitle')
          : customer
            ? t('finance.ledger.forCustomer', { username: customer.username })
            : t('finance.ledger.title')
      }
      extra={customer && onShowAll && <Button onClick={onShowAll}>{t('finance.ledger.showAll')}</Button>}
    >
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <FilterLabel label={t('finance.ledger.reason')}>
          <Select<LedgerReason>
            allowClear
            placeholder={t('finance.ledger.allReasons')}
            style={{ width: 180 }}
            value={reason}
            onChange={(next) => {
              setReason(next);
              paging.reset();
            }}
            options={LEDGER_REASONS.map((value) => ({ value, label: t(`finance.reason.${value}`) }))}
          />
        </FilterLabel>
        <FilterLabel label={t('finance.ledger.dates')}>
          <DayRangePicker
            value={days}
            onChange={(next) => {
              setDays(next);
              paging.reset();
            }}
          />
        </FilterLabel>
      </Flex>
      {query.isError && !query.data ? (
        <LoadFailed
          title={t('finance.ledger.loadFailed')}
          retryLabel={t('finance.ledger.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <DataTable<LedgerEntry>
          rowKey="id"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          emptyText={t('finance.ledger.empty')}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: query.data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
    </Card>
  );
}
