import type { Page, StreamRule } from '@nimbus/contract';

export function streamRow(
  id: number,
  config: StreamRule['config'],
  extra: Partial<StreamRule> = {},
): StreamRule {
  return {
    id,
    name: `rule-${id}`,
    protocol: 'tcp',
    listenPort: 2000 + id,
    balance: 'round_robin',
    origins: [{ address: '10.0.0.5', port: 22, weight: 1, role: 'main' }],
    connectTimeoutSeconds: 30,
    enabled: true,
    nodeAddresses: ['203.0.113.1', '203.0.113.2'],
    config,
    createdAt: '2025-03-01T02:00:00Z',
    ...extra,
  };
}

export const pageOf = (list: StreamRule[]): Page<StreamRule> => ({
  list,
  totalCount: list.length,
  pageSize: 20,
  currPage: 1,
});
