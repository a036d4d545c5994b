import { z } from 'zod';
import type { probeKeySchema } from './edge-nodes';
import { EDGE_ADMIN_PATHS } from './edge-nodes';
import { EDGE_PATHS } from './edge-protocol';

/*
 * The DNS admin's "authorization info" (spec §1, §2 avatar entry, §7): what this installation is
 * and the platform key external probes use to import the node list and report what they saw.
 * Admin token; paths under the API root `/api`.
 *
 *   GET  sys/cdnsys/auth/check/key/show    → { code, msg, token, importUrl } (spec §7, beside code)
 *   POST sys/cdnsys/auth/check/key/rotate  → the same, with the new key: the old one stops at once
 *   GET  sys/cdnsys/auth/info              → AuthorizationInfo
 */
export const AUTHORIZATION_PATHS = {
  keyShow: EDGE_ADMIN_PATHS.probeKey,
  keyRotate: 'sys/cdnsys/auth/check/key/rotate',
  info: 'sys/cdnsys/auth/info',
} as const;

/** The probes' own calls, both with `authorization: Bearer <key>` (ADR 0023). */
export const PROBE_API_PATHS = {
  nodes: EDGE_PATHS.probeNodes,
  report: EDGE_PATHS.probeReport,
} as const;

/** What this installation is. URLs are empty while the public console URL is unset. */
export const authorizationInfoSchema = z.object({
  product: z.string(),
  /** The newest release in the CHANGELOG that ships with this build; empty when it is missing. */
  version: z.string(),
  releaseDate: z.string(),
  consoleUrl: z.string(),
  /** Where probes read the node list (the `importUrl` of key/show). */
  importUrl: z.string(),
  /** Where probes post what they measured. */
  reportUrl: z.string(),
  /** When the current key was made or last rotated; null for a key from before this was kept. */
  keyCreatedAt: z.string().nullable(),
});
export type AuthorizationInfo = z.infer<typeof authorizationInfoSchema>;

/** Spec §7: the key and the import URL sit beside `code`, not in `data` (probeKeySchema). */
export type AuthorizationKey = z.infer<typeof probeKeySchema>;
