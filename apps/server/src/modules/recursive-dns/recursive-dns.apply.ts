import { segmentToCidrs } from '@nimbus/contract';
import { absolute } from '../../integrations/powerdns/api-call';
import { NO_CLIENT, type RecursorClient } from '../../integrations/pdns-recursor/client';
import type { DbOrTx } from '../../platform/db/database';
import { MODE_FORWARD, MODE_SEGMENT, recursiveDnsRepository } from './recursive-dns.repository';
import type { DnsRecursiveRuleRow } from './recursive-dns.schema';

/** What the Recursor should do, from the tables alone. */
export interface RecursorState {
  allowFrom: string[];
  forwards: { name: string; servers: string[]; recursionDesired: boolean }[];
  rootIps: string[];
}

export function allowFromOf(recursion: boolean, segments: readonly DnsRecursiveRuleRow[]): string[] {
  if (!recursion) return [NO_CLIENT];
  const masks = segments.flatMap((row) =>
    segmentToCidrs({
      family: row.family as 4 | 6,
      start: BigInt(row.sourceIpS!),
      end: BigInt(row.sourceIpE!),
    }),
  );
  // No segment is nobody: the Recursor reads an empty list as everyone.
  return masks.length > 0 ? masks : [NO_CLIENT];
}

export async function desiredState(db: DbOrTx): Promise<RecursorState> {
  const repo = recursiveDnsRepository(db);
  // One after another: `db` may be a transaction, one connection.
  const status = await repo.status();
  const segments = await repo.byMode(MODE_SEGMENT);
  const forwards = await repo.byMode(MODE_FORWARD);
  return {
    allowFrom: allowFromOf(status.recursiveEnable === 1, segments),
    forwards:
      status.forwardEnable === 1
        ? forwards.map((row) => ({
            name: absolute(row.entry),
            servers: row.servers ?? [],
            recursionDesired: row.recursionDesired,
          }))
        : [],
    rootIps: status.rootIps,
  };
}

const sameServers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Makes the Recursor match `state`: its allow-from replaced, forward zones created, replaced
 * or removed (Nimbus owns the Forwarded zones of the Recursor it drives), root hints only when
 * asked (they restart the embedded process). Idempotent: run again after a failure, it repairs.
 */
export async function pushState(
  client: RecursorClient,
  state: RecursorState,
  options: { rootHints: boolean },
): Promise<void> {
  await client.setAllowFrom(state.allowFrom);
  const current = await client.forwardZones();
  for (const zone of current)
    if (!state.forwards.some((wanted) => wanted.name === zone.name)) await client.deleteZone(zone.name);
  for (const wanted of state.forwards) {
    const existing = current.find((zone) => zone.name === wanted.name);
    if (
      existing &&
      existing.recursion_desired === wanted.recursionDesired &&
      sameServers(existing.servers, wanted.servers)
    )
      continue;
    await client.putForwardZone(wanted);
  }
  if (options.rootHints) await client.setRootHints(state.rootIps);
}
