import { describe, expect, it } from 'vitest';
import {
  COLUMNS_STORAGE_KEY,
  DEFAULT_COLUMNS,
  loadColumns,
  saveColumns,
} from '@/features/request-log/lib/columns';

const memory = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe('request-log columns', () => {
  it('starts with the defaults, and again when the stored value is unreadable', () => {
    expect(loadColumns(memory())).toEqual(DEFAULT_COLUMNS);
    expect(loadColumns(memory({ [COLUMNS_STORAGE_KEY]: '{oops' }))).toEqual(DEFAULT_COLUMNS);
  });

  it('remembers a choice, in the contract’s order, dropping names it does not know', () => {
    const storage = memory();
    saveColumns(['status', 'clientIp', 'status'], storage);
    expect(loadColumns(storage)).toEqual(['clientIp', 'status']);
    expect(loadColumns(memory({ [COLUMNS_STORAGE_KEY]: '["userAgent","gone"]' }))).toEqual(['userAgent']);
    // Choosing none is a choice too.
    saveColumns([], storage);
    expect(loadColumns(storage)).toEqual([]);
  });
});
