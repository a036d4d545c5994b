import { OperationLog } from '@/features/operation-log/components/OperationLog';

/** Route `/cdn/log/list` (spec §2 log/list). */
export function OperationLogPage() {
  return <OperationLog />;
}
