import { Resolver } from 'node:dns/promises';
import { addressRefusal, isIPv4, isIPv6, type RefusedAddressKind } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/http/app-error';
import { readOriginPolicy } from './origin-policy.service';

/** What the customer saved as one origin or stream target. */
export interface OriginTarget {
  address: string;
}

/** A name's addresses now (A and AAAA); none when it does not resolve (yet). */
async function addressesOf(name: string, servers: readonly string[]): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  const [v4, v6] = await Promise.all([
    resolver.resolve4(name).catch(() => [] as string[]),
    resolver.resolve6(name).catch(() => [] as string[]),
  ]);
  return [...v4, ...v6];
}

const kindRef = (kind: RefusedAddressKind) => ({ field: kind, scope: 'addressKind' });

/**
 * Refuses origins (sites) and targets (stream rules) an edge must not connect to: addresses in
 * loopback, private, link-local and other special ranges, and names resolving there now, unless
 * the admin's allow-list holds the range. The message names the origin's line and the range.
 * A name that does not resolve yet passes: the edge resolves it when it connects.
 */
export async function guardOrigins(
  ctx: Pick<AppContext, 'db' | 'config'>,
  targets: readonly OriginTarget[],
): Promise<void> {
  const { allowRanges } = await readOriginPolicy(ctx.db);
  const isAddress = (address: string) => isIPv4(address) || isIPv6(address);
  // All names at once: twenty slow names cost one resolver timeout, not twenty.
  const answers = await Promise.all(
    targets.map(({ address }) => (isAddress(address) ? [] : addressesOf(address, ctx.config.dnsResolvers))),
  );
  for (const [index, { address }] of targets.entries()) {
    const line = index + 1;
    if (isAddress(address)) {
      const kind = addressRefusal(address, allowRanges);
      if (kind) throw badRequest('originPolicy.refused', { line, address, kind: kindRef(kind) });
      continue;
    }
    for (const resolved of answers[index]!) {
      const kind = addressRefusal(resolved, allowRanges);
      if (kind)
        throw badRequest('originPolicy.resolvesRefused', {
          line,
          name: address,
          address: resolved,
          kind: kindRef(kind),
        });
    }
  }
}
