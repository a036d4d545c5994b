import { useCallback, useState } from 'react';
import { useThemeSettings } from '@/shared/settings/theme-settings';

/** Page and limit for a server list, starting at the user's preferred page size (spec §9: 20). */
export function usePaging(initialPageSize?: number) {
  const { table } = useThemeSettings();
  const [state, setState] = useState({ page: 1, limit: initialPageSize ?? table.pageSize });
  const onChange = useCallback((page: number, limit: number) => setState({ page, limit }), []);
  const reset = useCallback(() => setState((s) => ({ ...s, page: 1 })), []);
  return { page: state.page, limit: state.limit, onChange, reset };
}
