import { useCallback, useState } from 'react';
import type { TablePaging } from '@/shared/ui/DataTable';
import { useThemeSettings } from '@/shared/settings/theme-settings';

/**
 * Page and limit for a list, starting at the user's preferred page size (spec §9: 20). A new
 * preference from the theme drawer applies at once and starts again from the first page.
 */
export function usePaging(initialPageSize?: number) {
  const { table } = useThemeSettings();
  const preferred = initialPageSize ?? table.pageSize;
  const [state, setState] = useState({ page: 1, limit: preferred, preferred });
  const current = state.preferred === preferred ? state : { page: 1, limit: preferred, preferred };
  // Adjusting state while rendering (React's pattern for state derived from a changed input).
  if (current !== state) setState(current);
  const onChange = useCallback((page: number, limit: number) => setState((s) => ({ ...s, page, limit })), []);
  const reset = useCallback(() => setState((s) => ({ ...s, page: 1 })), []);
  return { page: current.page, limit: current.limit, onChange, reset };
}

/**
 * Pages a list the server sends whole (the newest 100 messages) with the same pager and page
 * size preference as the server-paged tables. A page emptied by deleting falls back to the last one.
 */
export function useLocalPaging<T>(items: readonly T[]): { rows: T[]; paging: TablePaging } {
  const { page: wanted, limit, onChange } = usePaging();
  const page = Math.min(wanted, Math.max(1, Math.ceil(items.length / limit)));
  return {
    rows: items.slice((page - 1) * limit, page * limit),
    paging: { page, pageSize: limit, total: items.length, onChange },
  };
}
