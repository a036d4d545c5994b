import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { sslProductSaveSchema, sslProductSchema } from './ssl-product';

/**
 * What resellers sell (issue 8 §1): CDN plans, DNS plans, value-added services and (issue 22 §4)
 * certificates (kind `ssl`, terms in ssl-product.ts), each with
 * its attributes (quotas and switches), prices per billing cycle in cents, and a billing mode.
 *
 *   GET  app/product/product/attr/object           → ProductAttrObject: the attribute definitions
 *   POST app/product/list        ProductListRequest → Page<Product>: what is on sale (customers)
 *   POST sys/product/list        AdminProductListRequest → Page<Product>
 *   POST sys/product/save        ProductSaveRequest → Product (create without id, edit with id)
 *   POST sys/product/status      ProductStatusRequest → Product (on sale / off sale)
 */
export const PRODUCT_PATHS = {
  attrObject: 'app/product/product/attr/object',
  list: 'app/product/list',
  adminList: 'sys/product/list',
  save: 'sys/product/save',
  status: 'sys/product/status',
} as const;

/**
 * `traffic_package` (order type 30, spec §4 "prepaid plan"): GB of traffic bought ahead, valid
 * for its billing cycle and drawn before the CDN plans' own monthly quota. `ssl`: certificate
 * products (api/ssl-product.ts).
 */
export const PRODUCT_KINDS = ['cdn_plan', 'dns_plan', 'vas', 'ssl', 'traffic_package'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
/** The kinds a customer holds as plans; each customer console sells and lists its own one. */
export const PLAN_KINDS = ['cdn_plan', 'dns_plan'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** Spec §4 billing cycle units: month, season, year, day, times. */
export const BILLING_CYCLE_UNITS = ['m', 's', 'y', 'd', 'p'] as const;
export type BillingCycleUnit = (typeof BILLING_CYCLE_UNITS)[number];

/** Spec §4 billing modes: monthly traffic, average daily peak bandwidth, monthly 95th percentile. */
export const BILLING_MODES = [1, 2, 3] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/**
 * The attributes a product can carry (spec §3 productAttr): a count or amount with its unit, or
 * a switch. `showUsage: false` (defense, sms) are not shown beside a use on `plan/usage`.
 */
export const PRODUCT_ATTRS = {
  domains: { type: 'count', unit: 'count', showUsage: true },
  traffic: { type: 'count', unit: 'GB', showUsage: true },
  bandwidth: { type: 'count', unit: 'Mbps', showUsage: true },
  purge: { type: 'count', unit: 'perDay', showUsage: true },
  preheat: { type: 'count', unit: 'perDay', showUsage: true },
  https: { type: 'switch', unit: '', showUsage: true },
  waf: { type: 'switch', unit: '', showUsage: true },
  streamPorts: { type: 'count', unit: 'count', showUsage: true },
  defense: { type: 'count', unit: 'Gbps', showUsage: false },
  sms: { type: 'count', unit: 'count', showUsage: false },
  // DNS plans (ADR 0041): hosted domains, records per domain, lines other than the default,
  // DNSSEC signing.
  dnsZones: { type: 'count', unit: 'count', showUsage: true },
  dnsRecords: { type: 'count', unit: 'perZone', showUsage: true },
  dnsLines: { type: 'switch', unit: '', showUsage: true },
  dnssec: { type: 'switch', unit: '', showUsage: true },
} as const satisfies Record<string, { type: 'count' | 'switch'; unit: string; showUsage: boolean }>;
export type ProductAttrName = keyof typeof PRODUCT_ATTRS;
export const PRODUCT_ATTR_NAMES = Object.keys(PRODUCT_ATTRS) as ProductAttrName[];

/** The attributes of DNS plans; CDN plans and value-added services carry the others. */
export const DNS_PLAN_ATTRS: readonly ProductAttrName[] = ['dnsZones', 'dnsRecords', 'dnsLines', 'dnssec'];
/** A traffic package is its traffic only: its GB, valid for the cycle bought. */
export const TRAFFIC_PACKAGE_ATTRS: readonly ProductAttrName[] = ['traffic'];
/** A package's cycle is how long it is valid; "per use" (`p`) gives it no end, so it is not sold. */
export const TRAFFIC_PACKAGE_CYCLES = ['m', 's', 'y', 'd'] as const satisfies readonly BillingCycleUnit[];
/** The attributes a product of `kind` may carry (the product form shows these only). */
export const attrNamesFor = (kind: ProductKind): ProductAttrName[] =>
  // A certificate product's terms are its `ssl` fields (api/ssl-product.ts), not quotas.
  kind === 'ssl'
    ? []
    : kind === 'traffic_package'
      ? [...TRAFFIC_PACKAGE_ATTRS]
      : PRODUCT_ATTR_NAMES.filter((name) => DNS_PLAN_ATTRS.includes(name) === (kind === 'dns_plan'));
/** A certificate is paid for by time, in the cycles a customer buys it in (no per-use price). */
export const SSL_CYCLES = ['d', 'm', 's', 'y'] as const satisfies readonly BillingCycleUnit[];
/** The billing cycles a product of `kind` may be priced in. */
export const cyclesFor = (kind: ProductKind): readonly BillingCycleUnit[] =>
  kind === 'traffic_package' ? TRAFFIC_PACKAGE_CYCLES : kind === 'ssl' ? SSL_CYCLES : BILLING_CYCLE_UNITS;

/**
 * ADR 0041: what a customer with no DNS plan in force may host (what Nimbus allowed before DNS
 * plans were enforced). DNS plans in force replace it with their sums.
 */
export const DNS_FREE_TIER = { dnsZones: 10, dnsRecords: 10_000, dnsLines: true, dnssec: true } as const;

/**
 * Attributes with nothing behind them yet (issue 22): WAF, defense and SMS are features Nimbus
 * does not have. A product may carry them, but the product form says so and customers are not
 * shown them. Traffic (a monthly quota, enforced) and bandwidth (measured per 5 minutes) are
 * measured by analytics (issue 19, ADR 0042).
 */
export const PRODUCT_ATTRS_NOT_YET: readonly ProductAttrName[] = ['waf', 'defense', 'sms'];

/** The largest quota a count attribute may hold (a typo's extra zeros stop here). */
export const PRODUCT_ATTR_MAX = 1_000_000_000;
/** A price per cycle is at most ¥10,000,000.00. */
export const PRODUCT_PRICE_MAX_CENTS = 1_000_000_000;

export const productAttrObjectSchema = z.object({
  /** Each attribute's definition, by name. */
  productAttrObj: z.record(
    z.string(),
    z.object({ type: z.enum(['count', 'switch']), unit: z.string(), showUsage: z.boolean() }),
  ),
  /** The attribute names in display order. */
  productAttr: z.array(z.string()),
});
export type ProductAttrObject = z.infer<typeof productAttrObjectSchema>;

const attrValue = z.union([
  z.boolean(),
  z
    .number()
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(PRODUCT_ATTR_MAX, 'validation.invalid'),
]);

export const productPriceSchema = z.object({
  unit: z.enum(BILLING_CYCLE_UNITS, { message: 'validation.invalid' }),
  /** Integer cents for one cycle. */
  cents: z
    .number({ message: 'validation.required' })
    .int('product.priceInvalid')
    .min(0, 'product.priceInvalid')
    .max(PRODUCT_PRICE_MAX_CENTS, 'product.priceInvalid'),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;

export const productSaveRequestSchema = z
  .object({
    /** Absent: a new product. */
    id: z.number().int().positive().optional(),
    kind: z.enum(PRODUCT_KINDS, { message: 'validation.invalid' }),
    name: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
    description: z.string().trim().max(500, 'validation.tooLong').default(''),
    attrs: z.partialRecord(z.enum(PRODUCT_ATTR_NAMES as [ProductAttrName, ...ProductAttrName[]]), attrValue),
    prices: z.array(productPriceSchema).min(1, 'product.pricesRequired').max(BILLING_CYCLE_UNITS.length),
    billingMode: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'validation.invalid' }),
    /**
     * CDN plans only (ADR 0044): with billing mode 2 or 3, cents per Mbps of the month's figure
     * (required); with mode 1, cents per GB of traffic past the quota, billed when web config
     * price.trafficOverage is on (0: the overage is not billed). 0 for other kinds.
     */
    usagePriceCents: z
      .number({ message: 'product.usagePriceInvalid' })
      .int('product.usagePriceInvalid')
      .min(0, 'product.usagePriceInvalid')
      .max(PRODUCT_PRICE_MAX_CENTS, 'product.usagePriceInvalid')
      .default(0),
    onSale: z.boolean().default(false),
    sort: z.number().int().min(0).max(9999).default(0),
    /** Required for (and only for) kind `ssl`. */
    ssl: sslProductSaveSchema.optional(),
  })
  .superRefine((product, ctx) => {
    if ((product.kind === 'ssl') !== (product.ssl !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['ssl'],
        message: product.kind === 'ssl' ? 'validation.required' : 'product.attrNotForKind',
      });
    // A new paid product needs its HMAC key; an edit may leave it '' to keep the stored one.
    if (product.ssl?.ca === 'paid' && product.id === undefined && product.ssl.eabHmacKey === '')
      ctx.addIssue({ code: 'custom', path: ['ssl', 'eabHmacKey'], message: 'validation.required' });
    const units = product.prices.map((price) => price.unit);
    if (new Set(units).size !== units.length)
      ctx.addIssue({ code: 'custom', path: ['prices'], message: 'product.priceUnitTwice' });
    if (units.some((unit) => !cyclesFor(product.kind).includes(unit)))
      ctx.addIssue({ code: 'custom', path: ['prices'], message: 'product.cycleNotForKind' });
    if (product.kind !== 'cdn_plan' && product.usagePriceCents > 0)
      ctx.addIssue({ code: 'custom', path: ['usagePriceCents'], message: 'product.usagePriceNotForKind' });
    // A plan billed by bandwidth with no price would settle nothing.
    if (product.kind === 'cdn_plan' && product.billingMode !== 1 && !(product.usagePriceCents > 0))
      ctx.addIssue({ code: 'custom', path: ['usagePriceCents'], message: 'product.bandwidthPriceRequired' });
    // A package of no traffic would sell nothing.
    if (product.kind === 'traffic_package' && !(Number(product.attrs.traffic) > 0))
      ctx.addIssue({ code: 'custom', path: ['attrs', 'traffic'], message: 'product.packageTrafficRequired' });
    const allowed = attrNamesFor(product.kind);
    for (const [name, value] of Object.entries(product.attrs)) {
      if (!allowed.includes(name as ProductAttrName))
        ctx.addIssue({ code: 'custom', path: ['attrs', name], message: 'product.attrNotForKind' });
      const switchAttr = PRODUCT_ATTRS[name as ProductAttrName].type === 'switch';
      if (switchAttr !== (typeof value === 'boolean'))
        ctx.addIssue({ code: 'custom', path: ['attrs', name], message: 'validation.invalid' });
    }
  });
export type ProductSaveRequest = z.input<typeof productSaveRequestSchema>;

export const productStatusRequestSchema = z.object({
  id: z.number().int().positive(),
  onSale: z.boolean(),
});

export const productSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRODUCT_KINDS),
  name: z.string(),
  description: z.string(),
  attrs: z.record(z.string(), z.union([z.boolean(), z.number()])),
  prices: z.array(productPriceSchema),
  billingMode: z.number().int(),
  /** Cents per Mbps (billing modes 2, 3) or per GB of overage (mode 1); see the save request. */
  usagePriceCents: z.number().int(),
  onSale: z.boolean(),
  sort: z.number().int(),
  /** A certificate product's CA and terms; null for other kinds. */
  ssl: sslProductSchema.nullable(),
  createtime: z.string(),
});
export type Product = z.infer<typeof productSchema>;
export const productPageSchema = pageSchema(productSchema);

export const productListRequestSchema = listQuerySchema.extend({
  kind: z.enum(PRODUCT_KINDS, { message: 'validation.invalid' }).optional(),
});
export type ProductListRequest = z.input<typeof productListRequestSchema>;
export type ProductListQuery = z.infer<typeof productListRequestSchema>;

export const adminProductListRequestSchema = productListRequestSchema.extend({
  onSale: z.boolean().optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type AdminProductListRequest = z.input<typeof adminProductListRequestSchema>;
export type AdminProductListQuery = z.infer<typeof adminProductListRequestSchema>;
