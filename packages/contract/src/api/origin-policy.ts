import { z } from 'zod';
import { isAddressRange } from '../validators/address-policy';
import { parseLineList } from '../validators/lists';

/*
 * Which private or special ranges edge nodes may still connect to as origins and stream targets
 * (issue 17 §2, ADR 0030). Admin token; stored as system config ORIGIN_ALLOW_KEY.
 *
 *   POST sys/edge/origin-policy/info              → OriginPolicy
 *   POST sys/edge/origin-policy/save  OriginPolicySaveRequest → OriginPolicy
 */
export const ORIGIN_POLICY_PATHS = {
  info: 'sys/edge/origin-policy/info',
  save: 'sys/edge/origin-policy/save',
} as const;

export const ORIGIN_POLICY_KEY = 'ORIGIN_ALLOW_KEY';
export const ORIGIN_POLICY_LIMITS = { ranges: 100 } as const;

/** One CIDR block or address per line; the same line twice is refused, naming it. */
export function parseAddressRanges(text: string) {
  return parseLineList(text, isAddressRange, (line) => line.toLowerCase());
}

export const originPolicySchema = z.object({
  /** CIDR blocks or single addresses, plain spelling, in the order the admin wrote them. */
  allowRanges: z.array(z.string().refine(isAddressRange, { message: 'originPolicy.rangeValue' })),
});
export type OriginPolicy = z.infer<typeof originPolicySchema>;

/** The form sends the textarea as typed; the server keeps the parsed lines. */
export const originPolicySaveRequestSchema = z.object({
  allowRanges: z
    .string()
    .max(10_000)
    .transform((text, ctx) => {
      const result = parseAddressRanges(text);
      if (result.ok && result.items.length <= ORIGIN_POLICY_LIMITS.ranges) return result.items;
      ctx.addIssue({
        code: 'custom',
        message: result.ok ? 'originPolicy.tooMany' : 'originPolicy.range',
        input: text,
        params: result.ok ? { max: ORIGIN_POLICY_LIMITS.ranges } : { line: result.line, value: result.value },
      });
      return z.NEVER;
    }),
});
export type OriginPolicySaveRequest = z.input<typeof originPolicySaveRequestSchema>;
