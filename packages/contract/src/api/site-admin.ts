import { z } from 'zod';

/*
 * The domain-admin page's plan and line tabs (spec §2 site/domain/admin, §3 custom CNAME record,
 * §9 line priority). Customer token; another customer's site or plan answers 404.
 *
 *   GET  app/site/domain/plan?id=       → SitePlanView (the plan the site draws on and the others)
 *   POST app/site/domain/plan/move      { id, planId } → SitePlanView
 *   GET  app/site/domain/line?id=       → SiteLineView (node lines of its group, its CNAME record)
 */
export const SITE_ADMIN_PATHS = {
  plan: 'app/site/domain/plan',
  planMove: 'app/site/domain/plan/move',
  line: 'app/site/domain/line',
} as const;

/** One of the customer's CDN plans as the plan tab lists it. */
export const sitePlanChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  endsAt: z.string(),
  /** Sites drawing on it now, and how many its domain quota (value-added services included) allows. */
  domainsUsed: z.number().int(),
  domainsQuota: z.number().int(),
  /** It takes one more site: in force and below its domain quota. */
  hasRoom: z.boolean(),
  /** Its other quotas, by product attribute (e.g. purge, preheat, stream), as bought. */
  attrs: z.record(z.string(), z.union([z.number(), z.boolean()])),
});
export type SitePlanChoice = z.infer<typeof sitePlanChoiceSchema>;

export const sitePlanViewSchema = z.object({
  id: z.number().int(),
  /** The plan the site draws on; null when it draws on none (plans not required, or it ended). */
  current: sitePlanChoiceSchema.nullable(),
  /** The customer's other CDN plans in force, soonest to end first. */
  others: z.array(sitePlanChoiceSchema),
});
export type SitePlanView = z.infer<typeof sitePlanViewSchema>;

export const sitePlanMoveRequestSchema = z.object({
  id: z.number().int().min(1),
  planId: z.number({ message: 'validation.required' }).int().min(1, { message: 'validation.required' }),
});
export type SitePlanMoveRequest = z.infer<typeof sitePlanMoveRequestSchema>;

export const SITE_LINES = ['main', 'backup'] as const;

export const siteLineViewSchema = z.object({
  id: z.number().int(),
  /** The node group serving the site (its name only: node addresses stay with the platform). */
  groupName: z.string(),
  /**
   * Spec §9 line priority: the main line answers while one of its nodes is up; the backup line
   * only when none is. Counts only.
   */
  lines: z.array(
    z.object({
      line: z.enum(SITE_LINES),
      nodes: z.number().int(),
      online: z.number().int(),
      /** This line's nodes answer the site's CNAME now. */
      answering: z.boolean(),
    }),
  ),
  /**
   * The site's record in the CNAME zone (spec §3 custom CNAME record), as the zone sync keeps it;
   * null while the platform has no CNAME domain.
   */
  cname: z
    .object({
      /** PowerDNS names a record set by name and type: that pair is its id. */
      recordId: z.string(),
      hostRecord: z.string(),
      zone: z.string(),
      type: z.literal('CNAME'),
      lineType: z.literal('default'),
      value: z.string(),
      ttl: z.number().int(),
    })
    .nullable(),
});
export type SiteLineView = z.infer<typeof siteLineViewSchema>;
