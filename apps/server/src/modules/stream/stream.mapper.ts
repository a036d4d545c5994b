import type { StreamRule } from '@nimbus/contract';
import type { ListedStreamRow } from './stream.repository';

export function toStreamRule(row: ListedStreamRow, nodeAddresses: readonly string[]): StreamRule {
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
    config: row.config,
    createdAt: row.createdAt.toISOString(),
  };
}
