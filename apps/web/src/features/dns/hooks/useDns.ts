import type { DnsRecordListRequest, DnsRecordSaveRequest, DnsZoneListRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dnsApi, dnsKeys } from '@/features/dns/api/dns-api';

/** Whether PowerDNS is there to answer: without it the screens say so and nothing can be added. */
export function useDnsStatus() {
  return useQuery({ queryKey: dnsKeys.status(), queryFn: ({ signal }) => dnsApi.status(signal) });
}

/** The line catalogue: it changes only with the server's set-up. */
export function useDnsLines() {
  return useQuery({
    queryKey: dnsKeys.lines(),
    queryFn: ({ signal }) => dnsApi.lines(signal),
    staleTime: 5 * 60_000,
  });
}

export function useDnsZones(request: DnsZoneListRequest) {
  return useQuery({
    queryKey: dnsKeys.zones(request),
    queryFn: ({ signal }) => dnsApi.zones(request, signal),
    placeholderData: keepPreviousData,
  });
}

/** One of the customer's zones by id (a link's zone may be beyond the picker's first page). */
export function useDnsZone(id: number | undefined) {
  return useQuery({
    queryKey: dnsKeys.zone(id ?? 0),
    queryFn: ({ signal }) => dnsApi.zone(id!, signal),
    enabled: id !== undefined,
  });
}

/** Asks the public DNS only when `id` is set (the dialog is open), and again on each opening. */
export function useDnsDelegation(id: number | undefined) {
  return useQuery({
    queryKey: dnsKeys.delegation(id ?? 0),
    queryFn: ({ signal }) => dnsApi.delegation(id!, signal),
    enabled: id !== undefined,
    gcTime: 0,
    staleTime: 0,
  });
}

export function useDnsRecords(request: DnsRecordListRequest | undefined) {
  return useQuery({
    queryKey: dnsKeys.records(request ?? { zoneId: 0 }),
    queryFn: ({ signal }) => dnsApi.records(request!, signal),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Every change may move a zone's record count or status: the DNS lists are asked again. */
function useDnsMutation<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dnsKeys.all }),
  });
}

export const useCreateZone = () => useDnsMutation(dnsApi.createZone);
export const useZoneStatus = () => useDnsMutation(dnsApi.zoneStatus);
export const useZoneDnssec = () => useDnsMutation(dnsApi.dnssec);
export const useSaveRecord = () => useDnsMutation((body: DnsRecordSaveRequest) => dnsApi.saveRecord(body));
export const useBulkRecords = () => useDnsMutation(dnsApi.bulkRecords);
export const useImportRecords = () => useDnsMutation(dnsApi.importRecords);
export const useRecordStatus = () => useDnsMutation(dnsApi.recordStatus);
