import type { AdminWorkOrderListRequest, WorkOrderDetail, WorkOrderListRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { workOrderKeys, workOrdersApi, type WorkOrderSide } from '@/features/work-orders/api/work-orders-api';

export function useWorkOrderList(request: WorkOrderListRequest) {
  return useQuery({
    queryKey: workOrderKeys.list('customer', request),
    queryFn: ({ signal }) => workOrdersApi.list(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminWorkOrderList(request: AdminWorkOrderListRequest) {
  return useQuery({
    queryKey: workOrderKeys.list('admin', request),
    queryFn: ({ signal }) => workOrdersApi.adminList(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWorkOrderDetail(side: WorkOrderSide, id: number | undefined) {
  return useQuery({
    queryKey: workOrderKeys.detail(side, id ?? 0),
    queryFn: ({ signal }) => workOrdersApi.detail(side, id!, signal),
    enabled: id !== undefined,
  });
}

/**
 * A change that answers the work order as it now is: the detail is replaced by the answer and
 * the lists are read again.
 */
export function useWorkOrderChange<V>(
  side: WorkOrderSide,
  change: (variables: V) => Promise<WorkOrderDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (detail) => {
      queryClient.setQueryData(workOrderKeys.detail(side, detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: [...workOrderKeys.all, side, 'list'] });
    },
  });
}

/** An object URL for a private image, revoked when the component goes away. */
export function useImageUrl(side: WorkOrderSide, id: number): string | undefined {
  const { data } = useQuery({
    queryKey: workOrderKeys.image(side, id),
    queryFn: ({ signal }) => workOrdersApi.image(side, id, signal),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!data) return;
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data]);
  return url;
}
