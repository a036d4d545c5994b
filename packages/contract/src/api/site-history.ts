import { z } from 'zod';

/* A site's config history (the domain-admin page's basic tab): every saved version, its diff, rollback. */

/** What a version changed: `basic`, `origin`, one of SITE_SETTING_SECTIONS, `rollback`, `create`. */
export const siteConfigVersionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** Who saved it: the customer's username, or "admin:<name>" for log-in-as. */
  actor: z.string(),
  change: z.string(),
  /** For a rollback: the version it restored. */
  restoredVersion: z.number().int().nullable(),
  createdAt: z.string(),
});
export type SiteConfigVersion = z.infer<typeof siteConfigVersionSchema>;

export const siteConfigVersionDetailSchema = siteConfigVersionSchema.extend({
  /** Everything the customer controls, as saved: the site's own fields and the serving settings. */
  snapshot: z.record(z.string(), z.unknown()),
  /** The site's nginx file as the compiler renders it for a node of its group. */
  nginx: z.string(),
  /** The same two of the version before it (empty for the first), for the diff. */
  previousSnapshot: z.record(z.string(), z.unknown()).nullable(),
  previousNginx: z.string(),
});
export type SiteConfigVersionDetail = z.infer<typeof siteConfigVersionDetailSchema>;

export const siteHistoryRequestSchema = z.object({
  id: z.number().int().min(1),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const siteVersionRequestSchema = z.object({
  id: z.coerce.number().int().min(1),
  versionId: z.coerce.number().int().min(1),
});
