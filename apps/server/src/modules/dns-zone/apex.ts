import { absolute, type PowerDnsClient, type PowerDnsRRset } from '../../integrations/powerdns/client';

/** The TTL PowerDNS gives the NS records it makes with a zone (its default-ttl). */
const NS_TTL = 3600;

/**
 * What to send so that the zone's own NS records are `nameservers` and its SOA names the first
 * of them as the primary (MNAME); the rest of the SOA (mailbox, serial, timers) stays as PowerDNS
 * made it. Empty when the zone has them already, so applying twice changes nothing.
 */
export function apexChanges(
  zone: string,
  apex: readonly PowerDnsRRset[],
  nameservers: readonly string[],
): PowerDnsRRset[] {
  const name = absolute(zone.toLowerCase());
  const wanted = [...new Set(nameservers.map((host) => absolute(host.toLowerCase())))];
  if (!wanted.length) return [];
  const at = (type: string) => apex.find((set) => set.type === type && set.name.toLowerCase() === name);
  const changes: PowerDnsRRset[] = [];
  const ns = at('NS');
  const have = new Set((ns?.records ?? []).map((record) => record.content.toLowerCase()));
  if (have.size !== wanted.length || wanted.some((host) => !have.has(host)))
    changes.push({
      name,
      type: 'NS',
      ttl: ns?.ttl ?? NS_TTL,
      changetype: 'REPLACE',
      records: wanted.map((content) => ({ content, disabled: false })),
    });
  const soa = at('SOA');
  const fields = soa?.records[0]?.content.trim().split(/\s+/) ?? [];
  if (soa && fields.length === 7 && fields[0]!.toLowerCase() !== wanted[0])
    changes.push({
      name,
      type: 'SOA',
      ttl: soa.ttl,
      changetype: 'REPLACE',
      // PowerDNS raises the serial of a replaced SOA itself (soa-edit-api), from the one we keep.
      records: [{ content: [wanted[0], ...fields.slice(1)].join(' '), disabled: false }],
    });
  return changes;
}

/** Gives the zone in PowerDNS these name servers; false when it had them (or is not there). */
export async function applyNameservers(
  pdns: PowerDnsClient,
  zone: string,
  nameservers: readonly string[],
): Promise<boolean> {
  const apex = await pdns.apex(zone);
  if (!apex) return false;
  const changes = apexChanges(zone, apex, nameservers);
  if (changes.length) await pdns.patchRRsets(zone, changes);
  return changes.length > 0;
}
