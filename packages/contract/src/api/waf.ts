import { z } from 'zod';
import { canonicalBlockRange } from './blocklist';
import { isSafeEdgeRegex } from '../validators/edge-regex';
import { isCountryCode } from './countries';

/*
 * WAF rules of a site (spec §2 waf tab, §3 WAF rule, §5 WAF, §9 actions; issue 20 §2; ADR 0039).
 * A rule matches when all its conditions (at most 6) match; a condition matches when its target
 * matches any of its values (written separated by `|`), case-insensitively. Rules run in priority
 * order on the edge, from shared memory: a change needs no reload.
 */

/**
 * What a condition looks at. `header` and `cookie` name theirs in `name`. `country`: the
 * visitor's ISO 3166-1 code from the edge's country table (geo-table.ts); none for IPv6.
 */
export const WAF_TARGETS = [
  'ip',
  'path',
  'query',
  'header',
  'cookie',
  'ua',
  'referer',
  'method',
  'country',
] as const;
export type WafTarget = (typeof WAF_TARGETS)[number];

/**
 * equals/contains/prefix/suffix compare text; regex takes the whole value as one pattern (its
 * own `|` is alternation); for `ip` only equals and in are offered, both by address or CIDR block.
 */
export const WAF_OPERATORS = ['equals', 'contains', 'prefix', 'suffix', 'regex', 'in'] as const;
export type WafOperator = (typeof WAF_OPERATORS)[number];
const IP_OPERATORS: readonly WafOperator[] = ['equals', 'in'];

/**
 * What a matching rule does (spec §9):
 * - intercept: 403; custom code: the rule's status (400–599);
 * - ban: 403 now, and the visitor's address is refused by this site for `seconds`: at once on
 *   this node, and on the others once the console puts it on the blocklist (source WAF, this site
 *   only);
 * - blacklist-node: refused by every site of the rule owner on this node for `seconds` (never by
 *   another customer's sites: a customer's rule does not reach other tenants);
 * - blacklist-all: as blacklist-node, and the console adds it to the blocklist for the owner's
 *   sites (source WAF) for `seconds`, so every node refuses it there;
 * - suspicious: logged, the next rules still run; next: the next rules run, nothing logged;
 * - ignore: the remaining rules are skipped, nothing logged; release: the same, logged as released;
 *   log-release: logged with the request, then the remaining rules are skipped;
 * - direct-release: the remaining rules and the site's other request checks are skipped;
 * - sensorless / click-number: a visitor without a valid pass cookie gets the verification page
 *   (site-business-secure.ts); with one, the next rules run.
 * Every action but next and ignore records an event the block log reads.
 */
export const WAF_ACTIONS = [
  'intercept',
  'suspicious',
  'ignore',
  'release',
  'code',
  'ban',
  'blacklist-node',
  'blacklist-all',
  'log-release',
  'next',
  'direct-release',
  'sensorless',
  'click-number',
] as const;
export type WafAction = (typeof WAF_ACTIONS)[number];
/** Actions that take `seconds`. */
export const WAF_TIMED_ACTIONS: readonly WafAction[] = ['ban', 'blacklist-node', 'blacklist-all'];

export const WAF_LIMITS = {
  conditions: 6,
  rules: 100,
  values: 50,
  valueLength: 1000,
  name: 64,
  remark: 200,
  /** One day; a longer exclusion is a blocklist entry an admin makes. */
  seconds: 86_400,
} as const;

const HEADER_NAME = /^[A-Za-z0-9_-]{1,64}$/;
// eslint-disable-next-line no-control-regex
const PRINTABLE = /^[^\u0000-\u001f\u007f]+$/;

/** The values of a condition as the edge compares them (lower case; `ip` canonical). */
export function wafValues(target: WafTarget, operator: WafOperator, text: string): string[] | undefined {
  const raw = operator === 'regex' ? [text.trim()] : text.split('|').map((v) => v.trim());
  if (raw.length === 0 || raw.length > WAF_LIMITS.values || raw.some((v) => v === '')) return undefined;
  if (raw.some((v) => v.length > WAF_LIMITS.valueLength || !PRINTABLE.test(v))) return undefined;
  if (target === 'ip') {
    const ranges = raw.map(canonicalBlockRange);
    return ranges.every((r) => r !== undefined) ? (ranges as string[]) : undefined;
  }
  // Compared lower-cased like every text target; only known codes, so a typo cannot match nothing silently.
  if (target === 'country')
    return raw.every((v) => isCountryCode(v.toUpperCase())) ? raw.map((v) => v.toLowerCase()) : undefined;
  if (operator === 'regex') return isSafeEdgeRegex(raw[0]) ? raw : undefined;
  if (
    target === 'path' &&
    (operator === 'equals' || operator === 'prefix') &&
    raw.some((v) => !v.startsWith('/'))
  )
    return undefined;
  return raw.map((v) => v.toLowerCase());
}

export const wafConditionSchema = z
  .object({
    target: z.enum(WAF_TARGETS, { message: 'waf.target' }),
    /** The header or cookie name; '' for other targets. */
    name: z.string().trim().max(WAF_LIMITS.name).default(''),
    operator: z.enum(WAF_OPERATORS, { message: 'waf.operator' }),
    /** The condition holds when the target matches none of the values. */
    negate: z.boolean().default(false),
    /** As typed: several separated by `|`. */
    value: z.string().max(WAF_LIMITS.values * (WAF_LIMITS.valueLength + 1)),
  })
  .superRefine((c, ctx) => {
    if ((c.target === 'header' || c.target === 'cookie') && !HEADER_NAME.test(c.name))
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'waf.name' });
    if (c.target === 'ip' && !IP_OPERATORS.includes(c.operator))
      ctx.addIssue({ code: 'custom', path: ['operator'], message: 'waf.ipOperator' });
    if (c.target === 'country' && !IP_OPERATORS.includes(c.operator))
      ctx.addIssue({ code: 'custom', path: ['operator'], message: 'waf.countryOperator' });
    if (c.value.trim() === '') ctx.addIssue({ code: 'custom', path: ['value'], message: 'waf.valueEmpty' });
    else if (!wafValues(c.target, c.operator, c.value))
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `waf.value.${c.operator === 'regex' && c.target !== 'country' ? 'regex' : c.target}`,
      });
  });
export type WafCondition = z.output<typeof wafConditionSchema>;

export const wafRuleInputSchema = z
  .object({
    remark: z.string().trim().max(WAF_LIMITS.remark, { message: 'validation.tooLong' }).default(''),
    conditions: z
      .array(wafConditionSchema)
      .min(1, { message: 'waf.noCondition' })
      .max(WAF_LIMITS.conditions, { message: 'waf.tooManyConditions' }),
    action: z.enum(WAF_ACTIONS, { message: 'waf.action' }),
    /** For `code`. */
    status: z.coerce.number().int().min(400).max(599).default(403),
    /** For ban and the blacklist actions. */
    seconds: z.coerce.number().int().min(0).max(WAF_LIMITS.seconds).default(0),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    if (WAF_TIMED_ACTIONS.includes(rule.action) && rule.seconds < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['seconds'],
        message: 'waf.seconds',
        params: { max: WAF_LIMITS.seconds },
      });
  });
export type WafRuleInput = z.input<typeof wafRuleInputSchema>;

/*
 * The customer's API (customer token; another customer's site answers 404):
 *
 *   POST app/site/waf/list    { siteId }                          → WafRuleList (priority order)
 *   POST app/site/waf/save    WafRuleSaveRequest (id: edit)        → WafRule
 *   POST app/site/waf/delete  { siteId, ids }                      → { deleted }
 *   POST app/site/waf/status  { siteId, id, enabled }              → WafRule
 *   POST app/site/waf/order   { siteId, ids } (every rule, new order) → WafRuleList
 *   POST app/site/waf/test    WafTestRequest                       → WafTestResult
 *   POST app/site/waf/preset  { siteId, preset }                   → WafRuleList (its rules added, visible)
 *   POST app/site/waf/events  { siteId, page, limit, ruleId?, action?, clientIp? } → Page<WafEvent> (newest first)
 */
export const WAF_PATHS = {
  list: 'app/site/waf/list',
  save: 'app/site/waf/save',
  delete: 'app/site/waf/delete',
  status: 'app/site/waf/status',
  order: 'app/site/waf/order',
  test: 'app/site/waf/test',
  preset: 'app/site/waf/preset',
  events: 'app/site/waf/events',
} as const;

const siteIdField = z.coerce.number({ message: 'validation.invalid' }).int().min(1);

export const wafSiteRequestSchema = z.object({ siteId: siteIdField });

export const wafRuleSaveRequestSchema = wafRuleInputSchema.and(
  z.object({ siteId: siteIdField, id: z.coerce.number().int().min(1).optional() }),
);
export type WafRuleSaveRequest = z.input<typeof wafRuleSaveRequestSchema>;

export const wafRuleSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  /** 1 = runs first. */
  priority: z.number().int(),
  remark: z.string(),
  conditions: z.array(
    z.object({
      target: z.enum(WAF_TARGETS),
      name: z.string(),
      operator: z.enum(WAF_OPERATORS),
      negate: z.boolean(),
      value: z.string(),
    }),
  ),
  action: z.enum(WAF_ACTIONS),
  status: z.number().int(),
  seconds: z.number().int(),
  enabled: z.boolean(),
  /** The preset it came from, or '' for the customer's own. */
  preset: z.string(),
  updateTime: z.string(),
});
export type WafRule = z.infer<typeof wafRuleSchema>;
export const wafRuleListSchema = z.object({ rules: z.array(wafRuleSchema) });
export type WafRuleList = z.infer<typeof wafRuleListSchema>;

export const wafDeleteRequestSchema = z.object({
  siteId: siteIdField,
  ids: z.array(z.number().int().min(1)).min(1, { message: 'waf.noneSelected' }).max(WAF_LIMITS.rules),
});
export const wafStatusRequestSchema = z.object({
  siteId: siteIdField,
  id: z.number().int().min(1),
  enabled: z.boolean(),
});
export const wafOrderRequestSchema = z.object({
  siteId: siteIdField,
  ids: z.array(z.number().int().min(1)).max(WAF_LIMITS.rules),
});

/** A sample request to run the site's rules against (the "test this rule" box). */
export const wafTestRequestSchema = z.object({
  siteId: siteIdField,
  method: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,16}$/, { message: 'waf.testMethod' })
    .default('GET'),
  /** Path with its query, as in a request line: `/login?user=a`. */
  url: z.string().trim().startsWith('/', { message: 'waf.testUrl' }).max(4000),
  clientIp: z
    .string()
    .trim()
    .refine((v) => canonicalBlockRange(v) !== undefined && !v.includes('/'), {
      message: 'waf.testIp',
    }),
  /** One `Name: value` a line; User-Agent, Referer and Cookie are read from here too. */
  headers: z.string().max(8000).default(''),
  /** Also run the disabled rules, in their place (to try a rule before switching it on). */
  includeDisabled: z.boolean().default(false),
});
export type WafTestRequest = z.input<typeof wafTestRequestSchema>;

export const wafTestResultSchema = z.object({
  /** Every rule whose conditions all held, in the order they ran, up to the one that decided. */
  matched: z.array(z.object({ ruleId: z.number().int(), action: z.enum(WAF_ACTIONS) })),
  /** What the edge answers: pass (to the origin), or the status it refuses with. */
  outcome: z.object({
    pass: z.boolean(),
    status: z.number().int().nullable(),
    decidedBy: z.number().int().nullable(),
  }),
  /** The country the sample's address was looked up as (null: none, e.g. IPv6). */
  country: z.string().nullable().optional(),
});
export type WafTestResult = z.infer<typeof wafTestResultSchema>;

export const wafPresetRequestSchema = z.object({ siteId: siteIdField, preset: z.string().max(32) });

export const wafEventSchema = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  action: z.enum(WAF_ACTIONS),
  clientIp: z.string(),
  request: z.string(),
  nodeName: z.string(),
  time: z.string(),
});
export type WafEvent = z.infer<typeof wafEventSchema>;
export const wafEventsRequestSchema = z.object({
  siteId: siteIdField,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  /** The block log's filters (issue 19 §3); rule 0 is the business-secure tab's rate limits. */
  ruleId: z.coerce.number({ message: 'validation.invalid' }).int().min(0).optional(),
  action: z.enum(WAF_ACTIONS, { message: 'validation.invalid' }).optional(),
  clientIp: z.string().trim().max(64).optional(),
});
export type WafEventsRequest = z.input<typeof wafEventsRequestSchema>;
