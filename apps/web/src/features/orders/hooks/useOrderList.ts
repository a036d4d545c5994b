import type { AdminOrderListRequest, Order, Page } from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ordersQueryKey } from '@/features/orders/api/orders-api';
import type { OrderFilterValues } from '@/features/orders/components/OrderFilters';
import { dayRangeRequest } from '@/shared/ui/day-range';
import { usePaging } from '@/shared/ui/usePaging';

/** One page of orders for the filters; a filter change goes back to page 1. */
export function useOrderList(
  scope: 'own' | 'admin',
  fetch: (body: AdminOrderListRequest, signal?: AbortSignal) => Promise<Page<Order>>,
) {
  const paging = usePaging();
  const [filters, setFilters] = useState<OrderFilterValues>({});
  const { days, ...rest } = filters;
  const body = { ...rest, ...dayRangeRequest(days), page: paging.page, limit: paging.limit };
  const query = useQuery({
    queryKey: [...ordersQueryKey, scope, body],
    queryFn: ({ signal }) => fetch(body, signal),
    placeholderData: keepPreviousData,
  });
  return {
    query,
    filters,
    setFilters: (next: OrderFilterValues) => {
      setFilters(next);
      paging.reset();
    },
    paging: {
      page: paging.page,
      pageSize: paging.limit,
      total: query.data?.totalCount ?? 0,
      onChange: paging.onChange,
    },
  };
}
