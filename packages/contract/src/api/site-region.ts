import { z } from 'zod';
import { isCountryCode } from './countries';

/*
 * Region allow/deny by the visitor's country (application-secure) and the per-site maximum
 * header size (network-secure), both enforced on the edge by `nimbus.geo` in the access phase
 * (issue 20 §2). The compiler writes them as nginx variables (regionEdgeValue, maxHeaderSize);
 * country codes are two capital letters, so nothing a customer picks can leave the quotes.
 */

export const SITE_REGION_LIMITS = {
  /** Every code there is: a list longer than that repeats itself. */
  countries: 250,
  /**
   * Bytes of the request's header block. Below 1 KB a browser's ordinary headers (cookies, UA)
   * no longer fit; above 32 KB nginx's own buffers (4 × 8 KB lines) already refuse with 400.
   */
  headerSizeMin: 1024,
  headerSizeMax: 32_768,
} as const;

/** off: no check; allow: only the listed countries pass; deny: the listed countries get 403. */
export const REGION_MODES = ['off', 'allow', 'deny'] as const;
export type RegionMode = (typeof REGION_MODES)[number];

/** Codes as picked: each a known code, none twice, at most SITE_REGION_LIMITS.countries. */
export const countryListField = () =>
  z
    .array(z.string({ message: 'siteRegion.country' }), { message: 'validation.invalid' })
    .superRefine((codes, ctx) => {
      const seen = new Set<string>();
      for (const code of codes) {
        if (!isCountryCode(code))
          ctx.addIssue({ code: 'custom', message: 'siteRegion.country', params: { value: code } });
        else if (seen.has(code))
          ctx.addIssue({ code: 'custom', message: 'siteRegion.countryRepeated', params: { value: code } });
        seen.add(code);
      }
      if (codes.length > SITE_REGION_LIMITS.countries)
        ctx.addIssue({
          code: 'custom',
          message: 'siteSettings.tooMany',
          params: { max: SITE_REGION_LIMITS.countries },
        });
    })
    .default([]);

/** The application-secure fields of the region check (site-security.ts spreads them in). */
export const regionSettingsShape = {
  regionMode: z.enum(REGION_MODES, { message: 'validation.invalid' }).default('off'),
  /** ISO 3166-1 alpha-2 codes. */
  countries: countryListField(),
  /**
   * Whether an allow list lets in visitors without a country (IPv6, private or reserved
   * addresses, a node without the table). Off by default: an allow list that anyone with an
   * IPv6 address passes is no allow list. A deny list never refuses them.
   */
  regionAllowUnknown: z.boolean().default(false),
};

/** Applied after the object: a mode with no country would refuse everyone or check nothing. */
export const regionListRequired = (s: { regionMode: RegionMode; countries: string[] }) =>
  s.regionMode === 'off' || s.countries.length > 0;

/** The network-secure field: 0 = no limit of the site's own, else within the limits. */
export const maxHeaderSizeField = () =>
  z.coerce
    .number({ message: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .refine(
      (v) => v === 0 || (v >= SITE_REGION_LIMITS.headerSizeMin && v <= SITE_REGION_LIMITS.headerSizeMax),
      {
        message: 'siteRegion.headerSize',
        params: { min: SITE_REGION_LIMITS.headerSizeMin, max: SITE_REGION_LIMITS.headerSizeMax },
      },
    )
    .default(0);

/**
 * The value of `$nimbus_geo` that nimbus.geo reads: `<mode>:<codes>` with mode `allow`,
 * `allow-unknown` (an allow list that lets visitors without a country in) or `deny`, codes
 * comma-separated. Undefined when the check is off. Throws on anything but known codes.
 */
export function regionEdgeValue(s: {
  regionMode: RegionMode;
  countries: readonly string[];
  regionAllowUnknown: boolean;
}): string | undefined {
  if (s.regionMode === 'off' || s.countries.length === 0) return undefined;
  for (const code of s.countries)
    if (!isCountryCode(code)) throw new Error(`unsafe country code for nginx: ${JSON.stringify(code)}`);
  const mode = s.regionMode === 'deny' ? 'deny' : s.regionAllowUnknown ? 'allow-unknown' : 'allow';
  return `${mode}:${[...new Set(s.countries)].sort().join(',')}`;
}
