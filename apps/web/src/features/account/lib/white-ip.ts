import { ACCOUNT_LIMITS, canonicalIp, isIp } from '@nimbus/contract';

export type WhiteIpProblem =
  | { key: 'account.whiteIpInvalid'; value: string }
  | { key: 'validation.ipList'; value: string }
  | { key: 'account.whiteIpTooMany' };

/** One IPv4/IPv6 address or CIDR range per line (spec §5 IP list: one per line, no duplicates). */
export function parseWhiteIpText(text: string): { ips: string[]; problem: WhiteIpProblem | null } {
  const ips = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const seen = new Set<string>();
  for (const ip of ips) {
    if (!isIp(ip)) return { ips, problem: { key: 'account.whiteIpInvalid', value: ip } };
    const canonical = canonicalIp(ip);
    if (seen.has(canonical)) return { ips, problem: { key: 'validation.ipList', value: ip } };
    seen.add(canonical);
  }
  if (ips.length > ACCOUNT_LIMITS.whiteIpMax) return { ips, problem: { key: 'account.whiteIpTooMany' } };
  return { ips, problem: null };
}

/** The list as the text area shows it. */
export function whiteIpText(ips: readonly string[]): string {
  return ips.join('\n');
}

/** The text with `ip` appended on its own line, unless an identical entry is already there. */
export function withIp(text: string, ip: string): string {
  const { ips } = parseWhiteIpText(text);
  if (ips.some((entry) => isIp(entry) && canonicalIp(entry) === canonicalIp(ip))) return text;
  return whiteIpText([...ips, ip]);
}
