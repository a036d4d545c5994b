import { Card, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkOrderResults } from '@/features/work-orders/components/WorkOrderResults';
import { useAdminWorkOrderList } from '@/features/work-orders/hooks/useWorkOrders';
import { usePaging } from '@/shared/ui/usePaging';
import { FilterLabel } from '@/shared/ui/FilterLabel';

type Assignee = 'all' | 'me' | 'none';

/** The admins' queue: every customer's work orders, filtered by status, text, customer and handler. */
export function AdminWorkOrderList() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [status, setStatus] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [username, setUsername] = useState('');
  const [assignee, setAssignee] = useState<Assignee>('all');
  const query = useAdminWorkOrderList({
    page: paging.page,
    limit: paging.limit,
    status,
    keyword: keyword || undefined,
    username: username || undefined,
    assignee: assignee === 'all' ? undefined : assignee,
  });
  const search = (set: (value: string) => void) => (value: string) => {
    set(value.trim());
    paging.reset();
  };

  return (
    <Card title={t('workOrders.adminTitle')}>
      <Flex wrap gap={8}>
        <FilterLabel label={t('table.search')}>
          <Input.Search
            allowClear
            placeholder={t('workOrders.searchPlaceholder')}
            maxLength={100}
            style={{ maxWidth: 300 }}
            onSearch={search(setKeyword)}
          />
        </FilterLabel>
        <FilterLabel label={t('workOrders.customerPlaceholder')}>
          <Input.Search allowClear maxLength={64} style={{ maxWidth: 240 }} onSearch={search(setUsername)} />
        </FilterLabel>
        <Select<Assignee>
          value={assignee}
          aria-label={t('workOrders.column.assignee')}
          style={{ width: 180 }}
          onChange={(value) => {
            setAssignee(value);
            paging.reset();
          }}
          options={(['all', 'me', 'none'] as const).map((value) => ({
            value,
            label: t(`workOrders.assigneeFilter.${value}`),
          }))}
        />
      </Flex>
      <WorkOrderResults
        side="admin"
        query={query}
        paging={paging}
        status={status}
        onStatus={setStatus}
        emptyText={t('workOrders.adminEmpty')}
      />
    </Card>
  );
}
