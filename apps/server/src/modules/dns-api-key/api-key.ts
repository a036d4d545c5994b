import { DNS_API_KEY_PREFIX, DNS_API_KEY_VISIBLE_LENGTH } from '@nimbus/contract';
import { hashToken, randomToken } from '../../platform/auth/secrets';

/** A new key: the whole key for the customer (once), what is stored of it for us. */
export function newApiKey(): { key: string; keyHash: string; prefix: string } {
  const key = `${DNS_API_KEY_PREFIX}${randomToken(32)}`;
  return { key, keyHash: hashToken(key), prefix: key.slice(0, DNS_API_KEY_VISIBLE_LENGTH) };
}

/**
 * The API key of an `Authorization: Bearer nmb_…` header, else undefined. Only keys with the
 * prefix count, so another bearer token (an edge node's) is never looked up as one.
 */
export function apiKeyOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const key = match?.[1];
  return key?.startsWith(DNS_API_KEY_PREFIX) && key.length <= 200 ? key : undefined;
}

/** Last-used is written at most this often per key: a busy script costs no write per request. */
export const LAST_USED_EVERY_MS = 60_000;

export function lastUsedIsStale(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_EVERY_MS;
}
