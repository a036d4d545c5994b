import { describe, expect, it } from 'vitest';
import { requestFilters } from './log-filters';

describe('requestFilters', () => {
  it('turns chosen days into the first and last instant of those days (UTC+8)', () => {
    expect(requestFilters({ days: ['2026-11-01', '2026-11-23'] })).toEqual({
      kind: undefined,
      success: undefined,
      startTime: '2026-10-31T16:00:00.000Z',
      endTime: '2026-11-23T15:59:59.999Z',
    });
  });

  it('leaves out what is not chosen', () => {
    expect(requestFilters({ kind: 'login', success: false })).toEqual({
      kind: 'login',
      success: false,
      startTime: undefined,
      endTime: undefined,
    });
  });
});
