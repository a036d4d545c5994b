import { Resolver } from 'node:dns/promises';
import type { CnameCheck } from '@nimbus/contract';

export const TXT_PREFIX = '_nimbus-verify';

/** Where the TXT proof lives: a wildcard is proved at its base, where its owner's zone is. */
export const txtNameOf = (domain: string) =>
  `${TXT_PREFIX}.${domain.startsWith('*.') ? domain.slice(2) : domain}`;

/**
 * Asks DNS now for the TXT record `_nimbus-verify.<domain>` and whether one of its strings is
 * the customer's token. `servers` (ip or ip:port) replaces the system resolver (tests).
 */
export async function checkTxt(
  domain: string,
  token: string,
  servers: readonly string[],
): Promise<CnameCheck['txt']> {
  const name = txtNameOf(domain);
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  try {
    // A long TXT value arrives in 255-byte chunks: joined, as the record holds it.
    const found = (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    return { name, value: token, found, ok: found.includes(token), problem: '' };
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'ERROR';
    return {
      name,
      value: token,
      found: [],
      ok: false,
      problem: code === 'ENODATA' || code === 'ENOTFOUND' ? '' : code,
    };
  }
}
