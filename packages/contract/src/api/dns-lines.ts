import { z } from 'zod';
import { isIPv4, isIPv6 } from '../validators/network';

/**
 * Lines (issue 9 §2, ADR 0025): a record can answer differently by the line of the client's
 * address — the resolver's, or the EDNS client subnet it sends. A client matches at most one
 * carrier line and one region line; its answer is from the first of those that has records,
 * carrier before region, else from the default line.
 */
export const DNS_CARRIER_LINES = ['telecom', 'unicom', 'mobile', 'edu'] as const;

/** Mainland China's provinces by their ISO 3166-2:CN codes; addresses elsewhere are 'overseas'. */
export const DNS_PROVINCE_LINES = [
  'cn-bj', 'cn-tj', 'cn-he', 'cn-sx', 'cn-nm', 'cn-ln', 'cn-jl', 'cn-hl', 'cn-sh', 'cn-js', 'cn-zj',
  'cn-ah', 'cn-fj', 'cn-jx', 'cn-sd', 'cn-ha', 'cn-hb', 'cn-hn', 'cn-gd', 'cn-gx', 'cn-hi', 'cn-cq',
  'cn-sc', 'cn-gz', 'cn-yn', 'cn-xz', 'cn-sn', 'cn-gs', 'cn-qh', 'cn-nx', 'cn-xj',
] as const; // prettier-ignore

/** Outside mainland China (Hong Kong, Macao and Taiwan included, as Chinese DNS hosts count them). */
export const DNS_OVERSEAS_LINE = 'overseas';

export const DNS_LINES = ['default', ...DNS_CARRIER_LINES, DNS_OVERSEAS_LINE, ...DNS_PROVINCE_LINES] as const;
export type DnsLine = (typeof DNS_LINES)[number];

export const DNS_LINE_GROUPS = ['default', 'carrier', 'region'] as const;
export type DnsLineGroup = (typeof DNS_LINE_GROUPS)[number];

export function dnsLineGroup(line: DnsLine): DnsLineGroup {
  if (line === 'default') return 'default';
  return (DNS_CARRIER_LINES as readonly string[]).includes(line) ? 'carrier' : 'region';
}

export const DNS_LINE_API = {
  /** GET ?ip= → data: ipAreaSchema: where the IP database puts an address, and its lines. */
  ipArea: 'app/common/query/ip/area',
  /** GET → data: lineCatalogueSchema: the lines, and whether PowerDNS can answer by them here. */
  lineAreas: 'app/common/query/line/code/area',
} as const;

export const ipAreaQuerySchema = z.object({
  ip: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .refine((value) => isIPv4(value) || isIPv6(value), { message: 'validation.ip' }),
});

export const ipAreaSchema = z.object({
  ip: z.string(),
  /** As the IP database names them (in Chinese); empty when it does not know. */
  country: z.string(),
  province: z.string(),
  city: z.string(),
  isp: z.string(),
  /** The lines this address matches, in the order they are tried; 'default' last. */
  lines: z.array(z.enum(DNS_LINES)),
});
export type IpArea = z.infer<typeof ipAreaSchema>;

export const lineCatalogueSchema = z.object({
  lines: z.array(z.object({ code: z.enum(DNS_LINES), group: z.enum(DNS_LINE_GROUPS) })),
  /** False when the DNS server cannot answer by line here: only the default line is offered. */
  available: z.boolean(),
  /**
   * Why not: PowerDNS is not running, or it is an existing server for which no lines folder is
   * set (PDNS_LINES_DIR).
   */
  reason: z.enum(['serverMissing', 'noLinesDir']).optional(),
});
export type LineCatalogue = z.infer<typeof lineCatalogueSchema>;
