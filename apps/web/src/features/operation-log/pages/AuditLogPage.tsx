import { AuditLog } from '@/features/operation-log/components/AuditLog';

/** Admin route `/system/audit-log`. */
export function AuditLogPage() {
  return <AuditLog />;
}
