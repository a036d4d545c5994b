import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WorkOrderResults } from '@/features/work-orders/components/WorkOrderResults';
import { WorkOrdersPausedAlert } from '@/features/work-orders/components/WorkOrdersPausedAlert';
import { useWorkOrderList } from '@/features/work-orders/hooks/useWorkOrders';
import { useWorkOrdersPaused } from '@/features/work-orders/hooks/useWorkOrdersPaused';
import { WORK_ORDER_ROUTES } from '@/features/work-orders/lib/routes';
import { usePaging } from '@/shared/ui/usePaging';
import { FilterLabel } from '@/shared/ui/FilterLabel';

/** The customer's work orders by status, searchable by number or title. */
export function WorkOrderList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = usePaging();
  const [status, setStatus] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const paused = useWorkOrdersPaused();
  const query = useWorkOrderList({
    page: paging.page,
    limit: paging.limit,
    status,
    keyword: keyword || undefined,
  });

  return (
    <Card title={t('workOrders.listTitle')}>
      {paused && <WorkOrdersPausedAlert />}
      <Flex justify="space-between" wrap gap={8}>
        <FilterLabel label={t('table.search')}>
          <Input.Search
            allowClear
            enterButton
            placeholder={t('workOrders.searchPlaceholder')}
            maxLength={100}
            style={{ maxWidth: 360 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              paging.reset();
            }}
          />
        </FilterLabel>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={paused}
          onClick={() => void navigate(WORK_ORDER_ROUTES.step1)}
        >
          {t('workOrders.submit')}
        </Button>
      </Flex>
      <WorkOrderResults
        side="customer"
        query={query}
        paging={paging}
        status={status}
        onStatus={setStatus}
        emptyText={t(paused ? 'workOrders.paused.empty' : 'workOrders.empty')}
      />
    </Card>
  );
}
