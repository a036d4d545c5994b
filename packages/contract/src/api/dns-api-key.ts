import { z } from 'zod';

/*
 * The DNS API key (issue 9 §2; ADR 0024): a customer's own token for their zones and records,
 * shown once when it is made, revocable, one per customer. Managed with the customer's session
 * (`token` header):
 *
 *   POST app/account/update/dns_access_token   (empty body) → DnsApiKeyIssued: the key, this once;
 *                                                a previous key stops working at once
 *   GET  app/account/dns_access_token          → DnsApiKeyStatus (never the key)
 *   POST app/account/dns_access_token/revoke   (empty body) → DnsApiKeyStatus (exists: false)
 *
 * Used as `Authorization: Bearer <key>` instead of the `token` header, it opens only the DNS
 * calls of DNS_PATHS' customer side (zones, records, status, the dashboard's numbers). On any
 * other call it answers code 401; an unknown or revoked key too; a disabled account 403.
 */
export const DNS_API_KEY_PATHS = {
  issue: 'app/account/update/dns_access_token',
  status: 'app/account/dns_access_token',
  revoke: 'app/account/dns_access_token/revoke',
} as const;

/** Every key starts so: recognisable in a config file or a leaked log, and by secret scanners. */
export const DNS_API_KEY_PREFIX = 'nmb_';
/** How much of the key the status shows (the `nmb_` and 8 characters): enough to tell keys apart. */
export const DNS_API_KEY_VISIBLE_LENGTH = 12;
/** The header that carries the key, with the scheme `Bearer`. */
export const DNS_API_KEY_HEADER = 'Authorization';

export const dnsApiKeyStatusSchema = z.object({
  exists: z.boolean(),
  /** The first characters of the key, e.g. `nmb_Ab3dE7gH`; null when there is none. */
  prefix: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type DnsApiKeyStatus = z.infer<typeof dnsApiKeyStatusSchema>;

export const dnsApiKeyIssuedSchema = dnsApiKeyStatusSchema.extend({
  /** The whole key: shown this once, stored only as its SHA-256 hash. */
  key: z.string(),
});
export type DnsApiKeyIssued = z.infer<typeof dnsApiKeyIssuedSchema>;
