import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { parseLineList } from '../validators/lists';
import { isIPv4, isIPv6 } from '../validators/network';

/*
 * The platform blocklist (spec §2, §4; issue 20 §3; ADR 0039): addresses and CIDR blocks every
 * edge refuses, permanently or until an expiry, without an nginx reload. Admin token.
 *
 *   POST sys/blocklist/list     BlocklistListRequest    → Page<BlocklistEntry>
 *   POST sys/blocklist/block    BlocklistBlockRequest   → { added }
 *   POST sys/blocklist/release  BlocklistReleaseRequest → { released }   (one or many: bulk release)
 *   POST sys/blocklist/release/where BlocklistConditionRequest → { released }  (conditional release)
 *   POST sys/blocklist/stats    BlocklistStatsRequest   → BlocklistStats
 *
 * Edge API (node token): GET edge/v1/blocklist?since=R&timeout=S → EdgeBlocklist (long-poll).
 */
export const BLOCKLIST_PATHS = {
  list: 'sys/blocklist/list',
  block: 'sys/blocklist/block',
  release: 'sys/blocklist/release',
  releaseWhere: 'sys/blocklist/release/where',
  stats: 'sys/blocklist/stats',
} as const;

/** Who put an entry there: an admin by hand, or a site's WAF or rate limit (ban actions). */
export const BLOCK_SOURCES = ['admin', 'waf', 'rate-limit'] as const;
export type BlockSource = (typeof BLOCK_SOURCES)[number];
/** active: enforced now; released: taken back by an admin; expired: its time ran out. */
export const BLOCK_STATES = ['active', 'released', 'expired'] as const;
export type BlockState = (typeof BLOCK_STATES)[number];

export const BLOCKLIST_LIMITS = {
  /** Lines per block request. */
  addresses: 1000,
  reason: 200,
  /** Longest timed block: one year, in minutes; 0 is permanent. */
  durationMinutes: 525_600,
  /**
   * The widest blocks accepted: a /0 or /4 typed by mistake would take every customer's traffic
   * off every node, which no single-address mistake can.
   */
  minPrefix: { ipv4: 8, ipv6: 16 },
  statsTop: 10,
} as const;

/** The durations the block dialog offers, in minutes; 0 = permanent. */
export const BLOCK_DURATION_PRESETS = [0, 10, 60, 360, 1440, 10_080, 43_200] as const;

/**
 * One address or CIDR block in the one spelling the console stores and compares: the network
 * address of the block (host bits cleared), IPv4-mapped IPv6 as IPv4, a single address without
 * its /32 or /128. Undefined when the text is no address or block.
 */
export function canonicalBlockRange(text: string): string | undefined {
  const value = text.trim();
  const [part = '', length, ...rest] = value.split('/');
  // The plain spellings only: ipaddr.js would also take 1.2.3, 0x7f.1 or 2130706433.
  if (rest.length > 0 || !(isIPv4(part) || isIPv6(part))) return undefined;
  if (length !== undefined && !/^\d{1,3}$/.test(length)) return undefined;
  try {
    let address = ipaddr.parse(part);
    const full = address.kind() === 'ipv4' ? 32 : 128;
    let prefix = length === undefined ? full : Number(length);
    if (prefix > full) return undefined;
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96) {
      address = (address as ipaddr.IPv6).toIPv4Address();
      prefix -= 96;
    }
    const network = networkOf(address, prefix);
    const bits = address.kind() === 'ipv4' ? 32 : 128;
    return prefix === bits ? network.toString() : `${network.toString()}/${prefix}`;
  } catch {
    return undefined;
  }
}

function networkOf(address: ipaddr.IPv4 | ipaddr.IPv6, prefix: number): ipaddr.IPv4 | ipaddr.IPv6 {
  const bytes = address.toByteArray().map((byte, index) => {
    const bits = Math.min(8, Math.max(0, prefix - index * 8));
    return byte & ((0xff << (8 - bits)) & 0xff);
  });
  return ipaddr.fromByteArray(bytes);
}

/** The prefix length of a canonical range. */
export function blockRangePrefix(range: string): number {
  const slash = range.indexOf('/');
  if (slash >= 0) return Number(range.slice(slash + 1));
  return range.includes(':') ? 128 : 32;
}

/**
 * The key an edge stores a range under and looks a client up by (ADR 0039): the family ('4' or
 * '6'), one byte of prefix length, then the prefix's bytes with the host bits cleared — what the
 * edge's Lua builds from `$binary_remote_addr` for each prefix length it holds. Hex, so it
 * travels in a text line.
 */
export function blockRangeEdgeKey(range: string, scope: BlockScope = PLATFORM_SCOPE): string {
  const slash = range.indexOf('/');
  const address = ipaddr.parse(slash >= 0 ? range.slice(0, slash) : range);
  const prefix = blockRangePrefix(range);
  const bytes = address.toByteArray().slice(0, Math.ceil(prefix / 8));
  const family = [address.kind() === 'ipv4' ? 0x34 : 0x36, prefix];
  // A site's entry ("s<site id>:" in front) or a customer's ("o<customer id>:"): looked up by that
  // site's or customer's sites' WAF check; the platform check never builds such a key.
  const tag = scope.site !== null ? `s${scope.site}:` : scope.owner !== null ? `o${scope.owner}:` : '';
  const head = [...tag].map((c) => c.charCodeAt(0)).concat(family);
  return [...head, ...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Which sites refuse an entry: every site of the platform (an admin's block), every site of one
 * customer (their WAF rule's blacklisting), or one site (a WAF or rate-limit ban on it).
 */
export interface BlockScope {
  owner: number | null;
  site: number | null;
}
export const PLATFORM_SCOPE: BlockScope = { owner: null, site: null };

type RangeProblem = 'blocklist.address' | 'blocklist.tooWide';

function rangeProblem(text: string): RangeProblem | undefined {
  const range = canonicalBlockRange(text);
  if (!range) return 'blocklist.address';
  const min = range.includes(':') ? BLOCKLIST_LIMITS.minPrefix.ipv6 : BLOCKLIST_LIMITS.minPrefix.ipv4;
  return blockRangePrefix(range) < min ? 'blocklist.tooWide' : undefined;
}

/** The block dialog's textarea: one address or block per line, none twice (spec §5). */
export function parseBlockRanges(text: string) {
  return parseLineList(
    text,
    (line) => rangeProblem(line) === undefined,
    (line) => canonicalBlockRange(line) ?? line,
  );
}

export const blocklistBlockRequestSchema = z.object({
  addresses: z
    .string()
    .max(100_000)
    .transform((text, ctx) => {
      const result = parseBlockRanges(text);
      if (result.ok && result.items.length > 0 && result.items.length <= BLOCKLIST_LIMITS.addresses)
        return result.items.map((line) => canonicalBlockRange(line)!);
      if (result.ok) {
        ctx.addIssue({
          code: 'custom',
          input: text,
          message: result.items.length === 0 ? 'validation.required' : 'blocklist.tooMany',
          params: { max: BLOCKLIST_LIMITS.addresses },
        });
      } else {
        const problem = result.reason === 'duplicate' ? 'blocklist.duplicate' : rangeProblem(result.value);
        ctx.addIssue({
          code: 'custom',
          input: text,
          message: problem ?? 'blocklist.address',
          params: {
            line: result.line,
            value: result.value,
            ipv4: BLOCKLIST_LIMITS.minPrefix.ipv4,
            ipv6: BLOCKLIST_LIMITS.minPrefix.ipv6,
          },
        });
      }
      return z.NEVER;
    }),
  /** 0 = permanent. */
  durationMinutes: z.coerce
    .number({ message: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .min(0, { message: 'blocklist.duration' })
    .max(BLOCKLIST_LIMITS.durationMinutes, { message: 'blocklist.duration' }),
  reason: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(BLOCKLIST_LIMITS.reason, { message: 'validation.tooLong' }),
});
export type BlocklistBlockRequest = z.input<typeof blocklistBlockRequestSchema>;

/** The answers of block and release: how many addresses or blocks each changed. */
export const blocklistBlockedSchema = z.object({ added: z.number().int() });
export const blocklistReleasedSchema = z.object({ released: z.number().int() });

export const blocklistListRequestSchema = listQuerySchema.extend({
  /** Part of an address or block, or of the reason. */
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(BLOCK_STATES, { message: 'validation.invalid' }).optional(),
  source: z.enum(BLOCK_SOURCES, { message: 'validation.invalid' }).optional(),
});
export type BlocklistListRequest = z.input<typeof blocklistListRequestSchema>;

export const blocklistEntrySchema = z.object({
  id: z.number().int(),
  range: z.string(),
  reason: z.string(),
  source: z.enum(BLOCK_SOURCES),
  /** The site whose WAF or rate limit added it, with its domain; null for an admin's block. */
  siteId: z.number().int().nullable(),
  siteDomain: z.string().nullable(),
  /**
   * Whose sites refuse it: null for every site of the platform; else the customer whose WAF rule
   * blacklisted it (a customer's rule never closes another tenant's sites), with their username.
   */
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  /** A ban: only the site above refuses it (on every node), not the customer's other sites. */
  siteOnly: z.boolean(),
  /** Who blocked: an admin's username, or empty for an automatic ban. */
  createdBy: z.string(),
  createTime: z.string(),
  /** null: permanent. */
  expireTime: z.string().nullable(),
  state: z.enum(BLOCK_STATES),
  releasedBy: z.string().nullable(),
  releaseTime: z.string().nullable(),
});
export type BlocklistEntry = z.infer<typeof blocklistEntrySchema>;
export const blocklistPageSchema = pageSchema(blocklistEntrySchema);

export const blocklistReleaseRequestSchema = z.object({
  ids: z
    .array(z.number().int().min(1), { message: 'validation.invalid' })
    .min(1, { message: 'blocklist.noneSelected' })
    .max(1000, { message: 'blocklist.tooMany' }),
});
export type BlocklistReleaseRequest = z.input<typeof blocklistReleaseRequestSchema>;

/**
 * Conditional release: every active entry matching all the given conditions. At least one is
 * required, so an empty form never releases the whole list.
 */
export const blocklistConditionRequestSchema = z
  .object({
    /** Entries whose reason contains this text. */
    reason: z.string().trim().max(BLOCKLIST_LIMITS.reason).optional(),
    source: z.enum(BLOCK_SOURCES, { message: 'validation.invalid' }).optional(),
    siteId: z.coerce.number().int().min(1).optional(),
    /** Entries blocked at least this many hours ago. */
    olderThanHours: z.coerce.number().int().min(1).max(87_600).optional(),
  })
  .refine((value) => Boolean(value.reason) || value.source || value.siteId || value.olderThanHours, {
    message: 'blocklist.noCondition',
    path: ['reason'],
  });
export type BlocklistConditionRequest = z.input<typeof blocklistConditionRequestSchema>;

export const blocklistStatsRequestSchema = z.object({
  hours: z.coerce.number().int().min(1).max(720).default(1),
});
export type BlocklistStatsRequest = z.input<typeof blocklistStatsRequestSchema>;

export const blocklistStatsSchema = z.object({
  hours: z.number().int(),
  /** Requests the edges refused in the window. */
  totalBlocked: z.number().int(),
  activeEntries: z.number().int(),
  byReason: z.array(z.object({ reason: z.string(), source: z.enum(BLOCK_SOURCES), count: z.number() })),
  topAddresses: z.array(z.object({ range: z.string(), count: z.number() })),
});
export type BlocklistStats = z.infer<typeof blocklistStatsSchema>;

/** What a node is told: the changes since the revision it holds, or the whole list. */
export const edgeBlocklistQuerySchema = z.object({
  since: z.coerce.number().int().min(0).default(0),
  timeout: z.coerce.number().int().min(0).max(30).default(0),
});

const edgeBlockScopeSchema = z.object({
  owner: z.number().int().nullable().default(null),
  site: z.number().int().nullable().default(null),
});

export const edgeBlocklistSchema = z.object({
  revision: z.number().int(),
  /** true: `add` is the whole list and anything else the node holds goes. */
  full: z.boolean(),
  /**
   * ttl in seconds; 0 = permanent. `owner`: only that customer's sites refuse it; `site`: only that
   * site (null and null: every site).
   */
  add: z.array(edgeBlockScopeSchema.extend({ range: z.string(), ttl: z.number().int().min(0) })),
  remove: z.array(edgeBlockScopeSchema.extend({ range: z.string() })),
});
export type EdgeBlocklist = z.infer<typeof edgeBlocklistSchema>;

/** Block counts a node reports: requests refused per range since its last report. */
export const edgeBlockHitsSchema = z.object({
  hits: z.array(z.object({ range: z.string().max(64), count: z.number().int().min(1) })).max(100_000),
});
export type EdgeBlockHits = z.infer<typeof edgeBlockHitsSchema>;
