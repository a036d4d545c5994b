import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, listRequest } from './list-filters';

describe('listRequest', () => {
  it('opens on the active entries', () => {
    expect(listRequest(DEFAULT_FILTERS, 1, 20)).toEqual({ page: 1, limit: 20, state: 'active' });
  });

  it('sends no state for "all" and no blank search; keeps the source', () => {
    expect(listRequest({ state: 'all', keyword: '  ', source: 'waf' }, 3, 50)).toEqual({
      page: 3,
      limit: 50,
      source: 'waf',
    });
    expect(listRequest({ state: 'expired', keyword: ' 10.0.0 ' }, 1, 20)).toEqual({
      page: 1,
      limit: 20,
      keyword: '10.0.0',
      state: 'expired',
    });
  });
});
