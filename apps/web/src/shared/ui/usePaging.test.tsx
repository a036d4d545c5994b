// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { themeSettings } from '@/shared/settings/theme-settings';
import { useLocalPaging, usePaging } from './usePaging';

describe('usePaging', () => {
  beforeEach(() => themeSettings.reset());
  afterEach(cleanup);

  it('starts at the preferred page size and follows a new preference from page 1', () => {
    const { result } = renderHook(() => usePaging());
    expect(result.current).toMatchObject({ page: 1, limit: 20 });
    act(() => result.current.onChange(3, 20));
    expect(result.current).toMatchObject({ page: 3, limit: 20 });
    act(() => themeSettings.update({ table: { pageSize: 50 } }));
    expect(result.current).toMatchObject({ page: 1, limit: 50 });
  });

  it('keeps a size chosen in the pager; reset only goes back to page 1', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.onChange(2, 100));
    expect(result.current).toMatchObject({ page: 2, limit: 100 });
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ page: 1, limit: 100 });
  });
});

describe('useLocalPaging', () => {
  beforeEach(() => themeSettings.reset());
  afterEach(cleanup);

  const items = Array.from({ length: 45 }, (_, i) => i + 1);

  it('slices the list by the preferred page size', () => {
    const { result } = renderHook(() => useLocalPaging(items));
    expect(result.current.rows).toEqual(items.slice(0, 20));
    expect(result.current.paging).toMatchObject({ page: 1, pageSize: 20, total: 45 });
    act(() => result.current.paging.onChange(3, 20));
    expect(result.current.rows).toEqual([41, 42, 43, 44, 45]);
  });

  it('falls back to the last page when the list shrinks under the current one', () => {
    const { result, rerender } = renderHook(({ list }) => useLocalPaging(list), {
      initialProps: { list: items },
    });
    act(() => result.current.paging.onChange(3, 20));
    rerender({ list: items.slice(0, 30) });
    expect(result.current.paging.page).toBe(2);
    expect(result.current.rows).toEqual(items.slice(20, 30));
  });
});
