import {
  OPERATION_LOG_PATHS,
  type AuditLogEntry,
  type AuditLogListRequest,
  type OperationLogEntry,
  type OperationLogListRequest,
  type Page,
} from '@nimbus/contract';
import { api, saveDownload } from '@/shared/api/client';

/** The list's filters as query parameters for the CSV export (empty ones left out). */
const queryOf = (filters: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== '') as [
      string,
      string | number | boolean,
    ][],
  );

export const operationLogKeys = {
  list: (side: 'customer' | 'admin', request: object) => ['operation-log', side, request] as const,
};

export const operationLogApi = {
  list: (body: OperationLogListRequest, signal?: AbortSignal) =>
    api.post<Page<OperationLogEntry>>(OPERATION_LOG_PATHS.list, body, signal),
  adminList: (body: AuditLogListRequest, signal?: AbortSignal) =>
    api.post<Page<AuditLogEntry>>(OPERATION_LOG_PATHS.adminList, body, signal),
  export: (filters: OperationLogListRequest) => saveDownload(OPERATION_LOG_PATHS.export, queryOf(filters)),
  adminExport: (filters: AuditLogListRequest) =>
    saveDownload(OPERATION_LOG_PATHS.adminExport, queryOf(filters)),
};
