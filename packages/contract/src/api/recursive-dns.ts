import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { isDomain } from '../validators/domain';
import { isIPv4, isIPv6 } from '../validators/network';
import {
  parseSegment,
  parseSegmentLines,
  parseUpstream,
  upstreamText,
  type IpSegment,
} from '../validators/ip-segments';

export * from '../validators/ip-segments';

/*
 * Recursive DNS and forwarding (spec §2 admin screens, §3 IP segment and status, §4 switches,
 * §5 IP segment dialog, §7), applied to PowerDNS Recursor: segments become its allow-from,
 * forward rules its forward zones, root IPs its root hints. Admin token.
 *
 *   POST sys/dns/recursive/GetDnsRecursive/detail    { mode 2 | 6, page, limit, remark } → RecursiveDetail
 *   POST sys/dns/recursive/saveDnsRecursive/detail   mode 1 switches and root IPs, 2 a segment, 6 a forward rule
 *   POST sys/dns/recursive/deleteDnsRecursive/detail { ids: "1,2" } → { changed }
 */
export const RECURSIVE_DNS_PATHS = {
  detail: 'sys/dns/recursive/GetDnsRecursive/detail',
  save: 'sys/dns/recursive/saveDnsRecursive/detail',
  delete: 'sys/dns/recursive/deleteDnsRecursive/detail',
} as const;

/** Spec §7: 1 recursion (switches, root IPs), 2 IP segment, 6 forward. */
export const RECURSIVE_MODE = { recursion: 1, segment: 2, forward: 6 } as const;
/** Spec §3: 1 specified, 2 all. */
export const SEGMENT_TYPE = { specified: 1, all: 2 } as const;
/** "All" is every IPv4 address (the spec's range) and, beyond it, every IPv6 one. */
export const ALL_SEGMENTS = ['0.0.0.0-255.255.255.255', '::/0'] as const;
export const RECURSIVE_LIMITS = {
  segments: 2000,
  forwards: 500,
  rootIps: 13,
  upstreams: 8,
  remark: 100,
} as const;

const switchValue = z.union([z.literal(0), z.literal(1)], { message: 'validation.invalid' });
const remark = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required', abort: true })
  .max(RECURSIVE_LIMITS.remark, { message: 'validation.tooLong' });

/** An address in one spelling (IPv6 compressed, lower-case), so repeats are seen. */
const spelled = (ip: string) => (parseSegment(ip) as IpSegment).startIp;

/** One IP per line, IPv4 or IPv6, no repeats: the root servers' addresses (root hints). */
export function parseRootIps(text: string): { ok: true; ips: string[] } | { ok: false; value: string } {
  const ips: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const value = line.trim();
    if (value === '') continue;
    if (!(isIPv4(value) || isIPv6(value))) return { ok: false, value };
    const ip = spelled(value);
    if (seen.has(ip)) return { ok: false, value };
    seen.add(ip);
    ips.push(ip);
  }
  return { ok: true, ips };
}

/** One upstream per line (`ip`, `ip:port`, `[ipv6]:port`), no repeats → `ip:port` spellings. */
export function parseUpstreams(text: string): { ok: true; servers: string[] } | { ok: false; value: string } {
  const servers: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const value = line.trim();
    if (value === '') continue;
    const upstream = parseUpstream(value);
    if (!upstream) return { ok: false, value };
    const server = upstreamText({ ip: spelled(upstream.ip), port: upstream.port });
    if (servers.includes(server)) return { ok: false, value };
    servers.push(server);
  }
  return { ok: true, servers };
}

/** A forward rule's zone: a domain, or `.` for every name. */
export const isForwardZone = (value: string) => value === '.' || isDomain(value);

const SEGMENT_MESSAGES = {
  format: 'recursive.segmentFormat',
  order: 'recursive.segmentOrder',
  overlap: 'recursive.segmentOverlap',
  required: 'validation.required',
} as const;

/** mode 1: either switch, the root IPs, or several at once; what is left out stays. */
export const recursionSaveSchema = z.object({
  mode: z.literal(RECURSIVE_MODE.recursion),
  recursive_enable: switchValue.optional(),
  forward_enable: switchValue.optional(),
  /** One per line; empty → the Recursor's own hints (the Internet's root servers). */
  rootIps: z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      const result = parseRootIps(text);
      if (result.ok && result.ips.length <= RECURSIVE_LIMITS.rootIps) return result.ips;
      ctx.addIssue({
        code: 'custom',
        message: result.ok ? 'recursive.tooManyRootIps' : 'validation.ipList',
        input: text,
        params: { value: result.ok ? '' : result.value, max: RECURSIVE_LIMITS.rootIps },
      });
      return z.NEVER;
    })
    .optional(),
});

/**
 * mode 2: a segment. New ones come as `segments`, one per line (spec §5 dialog); the spec's
 * `sourceIpS`/`sourceIpE` pair is one line too. Editing (`id`) takes exactly one line.
 */
export const segmentSaveSchema = z
  .object({
    mode: z.literal(RECURSIVE_MODE.segment),
    id: z.number().int().min(1).optional(),
    type: z.union([z.literal(1), z.literal(2)], { message: 'validation.invalid' }).default(1),
    segments: z.string().max(100_000).optional(),
    sourceIpS: z.string().trim().max(64).optional(),
    sourceIpE: z.string().trim().max(64).optional(),
    remark,
  })
  .transform((request, ctx) => {
    const { segments: text, sourceIpS, sourceIpE, ...rest } = request;
    const lines =
      request.type === SEGMENT_TYPE.all
        ? ALL_SEGMENTS.join('\n')
        : (text ?? (sourceIpS || sourceIpE ? `${sourceIpS ?? ''}-${sourceIpE ?? ''}` : ''));
    const field = text === undefined && (sourceIpS || sourceIpE) ? 'sourceIpS' : 'segments';
    const result = parseSegmentLines(lines);
    if (!result.ok) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: SEGMENT_MESSAGES[result.reason],
        input: lines,
        params: { value: result.value, line: result.line },
      });
      return z.NEVER;
    }
    if (request.id !== undefined && result.segments.length > 1 && request.type === SEGMENT_TYPE.specified) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'recursive.editOneSegment', input: lines });
      return z.NEVER;
    }
    return { ...rest, segments: result.segments as IpSegment[] };
  });

/** mode 6: a forward rule: names under `targetValue` are sent to the `rootIps` servers. */
export const forwardSaveSchema = z.object({
  mode: z.literal(RECURSIVE_MODE.forward),
  id: z.number().int().min(1).optional(),
  targetValue: z
    .string({ message: 'validation.required' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'validation.required', abort: true })
    .transform((value) => (value.length > 1 ? value.replace(/\.$/, '') : value))
    .refine(isForwardZone, { message: 'validation.domain' }),
  rootIps: z
    .string({ message: 'validation.required' })
    .max(2000)
    .transform((text, ctx) => {
      const result = parseUpstreams(text);
      if (result.ok && result.servers.length > 0 && result.servers.length <= RECURSIVE_LIMITS.upstreams)
        return result.servers;
      ctx.addIssue({
        code: 'custom',
        message: !result.ok
          ? 'recursive.upstreamFormat'
          : result.servers.length === 0
            ? 'validation.required'
            : 'recursive.tooManyUpstreams',
        input: text,
        params: { value: result.ok ? '' : result.value, max: RECURSIVE_LIMITS.upstreams },
      });
      return z.NEVER;
    }),
  /** The upstreams are resolvers (they recurse), not the zone's own authoritative servers. */
  recursionDesired: z.boolean().default(true),
  remark,
});

export const recursiveSaveRequestSchema = z.discriminatedUnion(
  'mode',
  [recursionSaveSchema, segmentSaveSchema, forwardSaveSchema],
  { message: 'validation.invalid' },
);
export type RecursiveSaveRequest = z.input<typeof recursiveSaveRequestSchema>;
export type RecursiveSave = z.output<typeof recursiveSaveRequestSchema>;

export const recursiveDetailRequestSchema = listQuerySchema.extend({
  mode: z.coerce
    .number()
    .refine((mode) => [1, 2, 6].includes(mode), { message: 'validation.invalid' })
    .default(RECURSIVE_MODE.segment),
  /** Part of the remark, or of the zone of a forward rule. */
  remark: z.string().trim().max(RECURSIVE_LIMITS.remark).optional(),
});
export type RecursiveDetailRequest = z.input<typeof recursiveDetailRequestSchema>;

/** Spec §7 "ids (comma list)"; a JSON array of ids is taken as well. */
export const recursiveDeleteRequestSchema = z.object({
  ids: z
    .union([z.string(), z.array(z.number().int())], { message: 'validation.required' })
    .transform((value, ctx) => {
      const parts = Array.isArray(value) ? value.map(String) : value.split(',').map((part) => part.trim());
      const ids = parts.filter(Boolean).map(Number);
      if (ids.length > 0 && ids.length <= 500 && ids.every((id) => Number.isInteger(id) && id > 0))
        return [...new Set(ids)];
      ctx.addIssue({
        code: 'custom',
        message: ids.length ? 'validation.invalid' : 'validation.required',
        input: value,
      });
      return z.NEVER;
    }),
});

export const ipSegmentSchema = z.object({
  id: z.number().int(),
  mode: z.literal(RECURSIVE_MODE.segment),
  type: z.number().int(),
  family: z.union([z.literal(4), z.literal(6)]),
  sourceIpS: z.string(),
  sourceIpE: z.string(),
  /** As typed, in one spelling: `a-b`, `a/len` or `a`. */
  segment: z.string(),
  remark: z.string(),
  createTime: z.string(),
});
export type IpSegmentRow = z.infer<typeof ipSegmentSchema>;

export const forwardRuleSchema = z.object({
  id: z.number().int(),
  mode: z.literal(RECURSIVE_MODE.forward),
  targetValue: z.string(),
  rootIps: z.array(z.string()),
  recursionDesired: z.boolean(),
  remark: z.string(),
  createTime: z.string(),
});
export type ForwardRule = z.infer<typeof forwardRuleSchema>;

/** Spec §3 recursive DNS status. */
export const recursiveStatusSchema = z.object({
  recursive_enable: z.number().int(),
  forward_enable: z.number().int(),
  recursive_root_ips: z.array(z.string()),
});
export type RecursiveStatus = z.infer<typeof recursiveStatusSchema>;

/** The PowerDNS Recursor behind the screen: running (where it answers), or why not and how to install it. */
export const recursorStateSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('ready'),
    version: z.string(),
    dns: z.string(),
    /** Root IPs apply only to a Recursor Nimbus runs itself (4.8 reads them from its hint-file alone). */
    rootHintsSettable: z.boolean(),
  }),
  z.object({ state: z.literal('missing'), reason: z.string(), install: z.string() }),
]);
export type RecursorState = z.infer<typeof recursorStateSchema>;

export const recursiveDetailSchema = pageSchema(z.union([ipSegmentSchema, forwardRuleSchema])).extend({
  status: recursiveStatusSchema,
  recursor: recursorStateSchema,
});
export type RecursiveDetail = z.infer<typeof recursiveDetailSchema>;

export const recursiveSavedSchema = z.object({
  status: recursiveStatusSchema,
  ids: z.array(z.number().int()),
});
