import type { StreamRule } from '@nimbus/contract';
import { siteConfigState, type NodeProgress } from '../site/site-config-state';
import type { StreamRow } from './stream.repository';

export function toStreamRule(
  row: StreamRow,
  nodes: readonly NodeProgress[],
  nodeAddresses: readonly string[],
): StreamRule {
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol,
    listenPort: row.listenPort,
    balance: row.balance,
    origins: row.origins.map((o) => ({ address: o.address, port: o.port, weight: o.weight, role: o.role })),
    connectTimeoutSeconds: row.connectTimeoutSeconds,
    enabled: row.enabled,
    nodeAddresses: [...nodeAddresses],
    // A rule reaches the nodes exactly as a site does: same revision rule (ADR 0011).
    config: siteConfigState(row, nodes),
    createdAt: row.createdAt.toISOString(),
  };
}
