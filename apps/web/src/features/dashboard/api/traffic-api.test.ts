// @vitest-environment jsdom
import { ANALYTICS_PATHS } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_TRAFFIC_PATHS } from '@/features/dashboard/api/traffic-api';

describe('the dashboards’ analytics paths', () => {
  it('are the contract’s', () => {
    expect(DASHBOARD_TRAFFIC_PATHS).toEqual({
      traffic: ANALYTICS_PATHS.traffic,
      adminOverview: ANALYTICS_PATHS.adminOverview,
    });
  });
});
