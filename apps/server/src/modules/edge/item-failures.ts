import { eq, inArray } from 'drizzle-orm';
import { translate, type EdgeItemFailure } from '@nimbus/contract';
import type { DbTx } from '../../platform/db/database';
import { messages } from '../message/message.schema';
import { sites } from '../site/site.schema';
import { streamRules } from '../stream/stream.schema';
import { platformLang } from '../web-config/web-config.service';
import { edgeItemFailures } from './edge.schema';

const keyOf = (f: { kind: string; id: number }) => `${f.kind}:${f.id}`;

/**
 * The items a node left out of the version it now runs (ADR 0031) replace those of the version
 * it ran before: an item it no longer leaves out is served. An item newly left out (on no other
 * node already) gets its owner, and only its owner, an internal letter with nginx's error.
 */
export async function replaceItemFailures(
  tx: DbTx,
  nodeId: number,
  version: number,
  failures: readonly EdgeItemFailure[],
): Promise<void> {
  const before = await tx
    .select({ kind: edgeItemFailures.kind, id: edgeItemFailures.itemId })
    .from(edgeItemFailures);
  const known = new Set(before.map(keyOf));
  await tx.delete(edgeItemFailures).where(eq(edgeItemFailures.nodeId, nodeId));
  const unique = [...new Map(failures.map((f) => [keyOf(f), f])).values()];
  if (unique.length === 0) return;
  await tx
    .insert(edgeItemFailures)
    .values(unique.map((f) => ({ nodeId, kind: f.kind, itemId: f.id, version, error: f.error })));
  const fresh = unique.filter((f) => !known.has(keyOf(f)));
  if (fresh.length > 0) await tellOwners(tx, fresh);
}

async function tellOwners(tx: DbTx, failures: EdgeItemFailure[]): Promise<void> {
  const lang = await platformLang(tx);
  const ids = (kind: EdgeItemFailure['kind']) => failures.filter((f) => f.kind === kind).map((f) => f.id);
  const owners = new Map<string, { customerId: number; what: string }>();
  const siteIds = ids('site');
  if (siteIds.length > 0)
    for (const s of await tx
      .select({ id: sites.id, customerId: sites.customerId, domain: sites.domain })
      .from(sites)
      .where(inArray(sites.id, siteIds)))
      owners.set(`site:${s.id}`, { customerId: s.customerId, what: s.domain });
  const ruleIds = ids('stream');
  if (ruleIds.length > 0)
    for (const r of await tx
      .select({
        id: streamRules.id,
        customerId: streamRules.customerId,
        name: streamRules.name,
        port: streamRules.listenPort,
      })
      .from(streamRules)
      .where(inArray(streamRules.id, ruleIds)))
      owners.set(`stream:${r.id}`, { customerId: r.customerId, what: `${r.name || r.id} (:${r.port})` });
  for (const failure of failures) {
    const owner = owners.get(keyOf(failure));
    if (!owner) continue;
    const params = { what: owner.what, error: failure.error };
    await tx.insert(messages).values({
      title: translate('edge.itemLeftOutTitle', lang, params),
      content: translate('edge.itemLeftOutContent', lang, params),
      type: 1,
      customerId: owner.customerId,
    });
  }
}
