import {
  DNS_ADMIN_PATHS,
  DNS_PATHS,
  type DnsAdminChart,
  type DnsServerInfo,
  type DnsServiceStatus,
  type DnsUpdateStatus,
  type DnsUserChart,
} from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** Counters move while the dashboard is open: read again each minute, as the platform's are. */
const REFRESH = 60_000;

/** Whether PowerDNS is there to answer for the customer's zones (app/dns/status). */
export function useDnsServiceStatus() {
  return useQuery({
    queryKey: ['dashboard', 'dns', 'status'],
    queryFn: ({ signal }) => api.get<DnsServiceStatus>(DNS_PATHS.status, undefined, signal),
  });
}

/** The customer's zones, records by type, and recent queries for them (app/dns/user/chart/data). */
export function useDnsUserChart() {
  return useQuery({
    queryKey: ['dashboard', 'dns', 'user-chart'],
    queryFn: ({ signal }) => api.get<DnsUserChart>(DNS_PATHS.userChart, undefined, signal),
    refetchInterval: REFRESH,
  });
}

/** Each PowerDNS server: running or not, its version, uptime and address (sys/dns/GetVersionData). */
export function useDnsServers() {
  return useQuery({
    queryKey: ['dashboard', 'dns', 'servers'],
    queryFn: ({ signal }) =>
      api.get<{ list: DnsServerInfo[] }>(DNS_ADMIN_PATHS.versions, undefined, signal).then((d) => d.list),
    refetchInterval: REFRESH,
  });
}

/** Zones, records and customers, and each running server's counters (sys/dns/GetIndexChartData). */
export function useDnsAdminChart() {
  return useQuery({
    queryKey: ['dashboard', 'dns', 'admin-chart'],
    queryFn: ({ signal }) => api.get<DnsAdminChart>(DNS_ADMIN_PATHS.indexChart, undefined, signal),
    refetchInterval: REFRESH,
  });
}

/** Installed versions and the command that upgrades them (sys/dns/GetUpdateStatus). */
export function useDnsUpdateStatus() {
  return useQuery({
    queryKey: ['dashboard', 'dns', 'update'],
    queryFn: ({ signal }) => api.get<DnsUpdateStatus>(DNS_ADMIN_PATHS.updateStatus, undefined, signal),
  });
}
