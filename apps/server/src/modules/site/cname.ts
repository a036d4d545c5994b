import crypto from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import type { CnameCheck } from '@nimbus/contract';

/** A label no one guesses: 12 characters of base32. */
export function newCnameLabel(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return [...crypto.randomBytes(12)].map((b) => alphabet[b % 32]).join('');
}

/** What the CNAME alone says; the other proof and the verdict are added by site-ownership.service. */
export type CnameAnswer = Omit<CnameCheck, 'txt' | 'verified' | 'waived'>;

export const cnameOf = (label: string, cnameDomain: string) => (cnameDomain ? `${label}.${cnameDomain}` : '');

/**
 * Asks DNS now whether the customer's domain points at its CNAME. A wildcard site is checked
 * through one name under it. `servers` (ip or ip:port) replaces the system resolver (tests).
 */
export async function checkCname(
  domain: string,
  expected: string,
  servers: readonly string[],
): Promise<CnameAnswer> {
  const name = domain.startsWith('*.') ? `nimbus-check.${domain.slice(2)}` : domain;
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  const result = { domain, expected, found: [] as string[], ok: false, problem: '' };
  try {
    result.found = (await resolver.resolveCname(name)).map((n) => n.toLowerCase().replace(/\.$/, ''));
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'ERROR';
    // ENODATA: the name exists without a CNAME; show what it points at instead. ENOTFOUND: no
    // such name yet, which says "no CNAME" as plainly (the domain is not set up), not a failure.
    if (code === 'ENOTFOUND') return result;
    if (code !== 'ENODATA') return { ...result, problem: code };
    result.found = await resolver.resolve4(name).catch(() => []);
  }
  return { ...result, ok: expected !== '' && result.found.includes(expected) };
}
