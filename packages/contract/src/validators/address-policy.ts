import ipaddr from 'ipaddr.js';
import { isCidr, isIPv4, isIPv6 } from './network';

/**
 * Which addresses an edge node may connect to for a customer (origins, stream targets): only
 * public unicast ones, unless an admin allowed the range. Anything else reaches the node's own
 * services, the provider's metadata endpoint or a private network behind the node.
 *
 * The ranges come from ipaddr.js (IANA special-purpose registries), not from a hand-kept list.
 * Its parser reads every spelling an OS resolver accepts (`2130706433`, `0x7f.1`,
 * `017700000001`, `127.1`, `::ffff:127.0.0.1`), so a spelling never hides the range.
 */
export const REFUSED_ADDRESS_KINDS = [
  'loopback',
  'unspecified',
  'linkLocal',
  'multicast',
  'private',
  'reserved',
] as const;
export type RefusedAddressKind = (typeof REFUSED_ADDRESS_KINDS)[number];

const KIND_OF_RANGE: Readonly<Record<string, RefusedAddressKind>> = {
  loopback: 'loopback',
  unspecified: 'unspecified',
  linkLocal: 'linkLocal',
  multicast: 'multicast',
  broadcast: 'multicast',
  private: 'private',
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
};

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

/** Any spelling of an address, IPv4-mapped IPv6 read as its IPv4; undefined when it is none. */
function parseLoose(value: string): Parsed | undefined {
  const bare = value.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
}

/**
 * Why an address is refused for an edge to connect to, or null when it is public unicast.
 * IPv6 forms that carry an IPv4 inside (NAT64, 6to4, Teredo) count as reserved: the IPv4 they
 * lead to is not checked, so the customer writes that IPv4 instead.
 */
export function refusedAddressKind(value: string): RefusedAddressKind | null {
  const address = parseLoose(value);
  if (!address) return 'reserved';
  const range = address.range();
  if (range === 'unicast') return null;
  return KIND_OF_RANGE[range] ?? 'reserved';
}

/** An allow-list entry: a CIDR block or one address, in the plain spelling. */
export function isAddressRange(value: unknown): value is string {
  return isCidr(value) || isIPv4(value) || isIPv6(value);
}

function rangeOf(entry: string): [Parsed, number] | undefined {
  if (!isAddressRange(entry)) return undefined;
  if (entry.includes('/')) {
    const [address, prefix] = ipaddr.parseCIDR(entry);
    // A mapped IPv6 block is the IPv4 block inside it, as addresses are compared as IPv4.
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96)
      return [(address as ipaddr.IPv6).toIPv4Address(), prefix - 96];
    return [address, prefix];
  }
  const address = ipaddr.process(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** Whether an address (any spelling) lies in one of the allow-list's ranges. */
export function inAddressRanges(value: string, ranges: readonly string[]): boolean {
  const address = parseLoose(value);
  if (!address) return false;
  return ranges.some((entry) => {
    const range = rangeOf(entry);
    return range !== undefined && range[0].kind() === address.kind() && address.match(range);
  });
}

/** The refusal an edge target meets under an allow-list: null when it may be used. */
export function addressRefusal(value: string, allowRanges: readonly string[]): RefusedAddressKind | null {
  const kind = refusedAddressKind(value);
  return kind === null || inAddressRanges(value, allowRanges) ? null : kind;
}
