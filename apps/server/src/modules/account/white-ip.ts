import net from 'node:net';
import { isIp } from '@nimbus/contract';

/** `::ffff:203.0.113.5` (an IPv4 client on a dual-stack socket) compares as `203.0.113.5`. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip.trim());
  return mapped ? mapped[1]! : ip.trim();
}

interface ParsedEntry {
  family: 'ipv4' | 'ipv6';
  address: string;
  prefix: number | null;
}

/** A single IPv4/IPv6 address or a CIDR range (`10.0.0.0/8`, `2001:db8::/32`); null otherwise. */
export function parseWhiteIpEntry(entry: string): ParsedEntry | null {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  if (extra !== undefined) return null;
  const version = net.isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { family, address, prefix: null };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { family, address, prefix };
}

/** The contract's rule (spec §5 "IPv4, IPv6 or CIDR") and one this module can match against. */
export function isWhiteIpEntry(entry: string): boolean {
  return isIp(entry.trim()) && parseWhiteIpEntry(entry) !== null;
}

/** True when `ip` equals one of the addresses or falls inside one of the ranges. */
export function ipAllowed(ip: string, entries: readonly string[]): boolean {
  const client = normalizeIp(ip);
  const version = net.isIP(client);
  if (version === 0) return false;
  const list = new net.BlockList();
  for (const entry of entries) {
    const parsed = parseWhiteIpEntry(entry);
    if (!parsed) continue;
    if (parsed.prefix === null) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list.check(client, version === 4 ? 'ipv4' : 'ipv6');
}
