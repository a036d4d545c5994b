import type { RecursiveDetailRequest, RecursiveSaveRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recursiveDnsApi, recursiveDnsKeys } from '@/features/recursive-dns/api/recursive-dns-api';

export function useRecursiveDetail(request: RecursiveDetailRequest) {
  return useQuery({
    queryKey: recursiveDnsKeys.detail(request),
    queryFn: ({ signal }) => recursiveDnsApi.detail(request, signal),
    placeholderData: keepPreviousData,
  });
}

function useRecursiveMutation<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A refused change is rolled back on the server: reading again shows what holds either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: recursiveDnsKeys.all }),
  });
}

export const useSaveRecursive = () =>
  useRecursiveMutation((body: RecursiveSaveRequest) => recursiveDnsApi.save(body));
export const useDeleteRecursive = () =>
  useRecursiveMutation((ids: readonly number[]) => recursiveDnsApi.delete(ids));
