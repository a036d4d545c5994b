import { EDGE_CONTROL_PORT } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { edgeGroups } from './edge.schema';

/**
 * Ports a site or forwarding rule of the group may never listen on: the group's own list (what
 * its nodes run besides nginx: sshd, a database…), the agent's control port and the console's
 * own port (a one-machine trial runs both there). A listen on one of them would fail the node's
 * reload, or take the port from the service, so it is refused before anything is published.
 */
export async function reservedPortAmong(
  db: DbOrTx,
  groupId: number,
  consolePort: number,
  ports: readonly number[],
): Promise<number | undefined> {
  const [group] = await db
    .select({ reserved: edgeGroups.reservedPorts })
    .from(edgeGroups)
    .where(eq(edgeGroups.id, groupId));
  const reserved = new Set([...(group?.reserved ?? []), EDGE_CONTROL_PORT, consolePort]);
  return ports.find((port) => reserved.has(port));
}
