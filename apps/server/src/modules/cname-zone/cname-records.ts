import { absolute, type PowerDnsRRset } from '../../integrations/powerdns/client';

/** A node as the CNAME zone needs it. */
export interface ZoneNode {
  groupId: number;
  ipv4: string;
  ipv6: string;
  line: 'main' | 'backup';
}

export interface ZoneSite {
  cnameLabel: string;
  nodeGroupId: number;
}

/** TTL of the CNAME zone's answers: short, so a node taken out of DNS stops drawing traffic soon. */
export const CNAME_ZONE_TTL = 60;

/** The name every site of a group points at: `g<id>.<cname domain>`. */
export const groupName = (domain: string, groupId: number) => absolute(`g${groupId}.${domain}`);

/**
 * What the CNAME zone should hold (issue 9 §3): each site's CNAME names its node group, and each
 * group's name answers with the addresses of its main nodes in DNS, or of its backup nodes when
 * no main one is. Sites point at the group's name, so a node change rewrites one record set,
 * not one per site.
 */
export function desiredRRsets(
  domain: string,
  nodes: readonly ZoneNode[],
  sites: readonly ZoneSite[],
): PowerDnsRRset[] {
  const byGroup = new Map<number, ZoneNode[]>();
  for (const node of nodes) byGroup.set(node.groupId, [...(byGroup.get(node.groupId) ?? []), node]);
  const sets: PowerDnsRRset[] = [];
  for (const [groupId, members] of [...byGroup].sort(([a], [b]) => a - b)) {
    const main = members.filter((node) => node.line === 'main');
    const answering = main.length ? main : members;
    for (const [type, addresses] of [
      ['A', answering.map((node) => node.ipv4)],
      ['AAAA', answering.map((node) => node.ipv6)],
    ] as const) {
      const unique = [...new Set(addresses.filter(Boolean))].sort();
      if (unique.length)
        sets.push({
          name: groupName(domain, groupId),
          type,
          ttl: CNAME_ZONE_TTL,
          records: unique.map((content) => ({ content, disabled: false })),
        });
    }
  }
  for (const site of sites)
    sets.push({
      name: absolute(`${site.cnameLabel}.${domain}`),
      type: 'CNAME',
      ttl: CNAME_ZONE_TTL,
      records: [{ content: groupName(domain, site.nodeGroupId), disabled: false }],
    });
  return sets;
}

const sameRecords = (a: PowerDnsRRset, b: PowerDnsRRset) =>
  a.ttl === b.ttl &&
  JSON.stringify(a.records.map((r) => r.content).sort()) ===
    JSON.stringify(b.records.map((r) => r.content).sort());

/**
 * The changes that turn `current` into `desired`: changed or new sets replaced, sets no longer
 * wanted deleted. The zone's own SOA and NS are never touched.
 */
export function zoneChanges(
  domain: string,
  current: readonly PowerDnsRRset[],
  desired: readonly PowerDnsRRset[],
) {
  const key = (set: PowerDnsRRset) => `${set.name}\u0000${set.type}`;
  const apex = absolute(domain);
  const owned = current.filter((set) => !(set.name === apex && (set.type === 'SOA' || set.type === 'NS')));
  const have = new Map(owned.map((set) => [key(set), set]));
  const want = new Map(desired.map((set) => [key(set), set]));
  const changes: PowerDnsRRset[] = [];
  for (const [k, set] of want) {
    const existing = have.get(k);
    if (!existing || !sameRecords(existing, set)) changes.push({ ...set, changetype: 'REPLACE' });
  }
  for (const [k, set] of have)
    if (!want.has(k)) changes.push({ name: set.name, type: set.type, changetype: 'DELETE', records: [] });
  return changes;
}
