import { z } from 'zod';
import { isPort } from '../validators/network';
import { isEmail, isMobile } from '../validators/text';

/**
 * Node monitor settings: system config CDN_NODECHECK_KEY (id 37), spec §3 fields, §5 rules,
 * §9 defaults and limits. Stored through sys/config/update like any record, so the server
 * checks it there; the monitor's own screen and checker come with the DNS issue.
 */
export const NODE_CHECK_DISPATCH_MODES = ['online', 'timing', 'random'] as const;
export const NODE_CHECK_LIMITS = {
  frequency: { min: 10, max: 300, step: 10 },
  failPercent: { min: 1, max: 100 },
  timing: { min: 60, max: 3600, step: 60 },
} as const;

/** `80|443`: one or more ports separated by |. */
export function isPortList(value: unknown): value is string {
  return typeof value === 'string' && value.split('|').every((port) => /^\d+$/.test(port) && isPort(port));
}

const whole = (range: { min: number; max: number }) => z.coerce.number().int().min(range.min).max(range.max);
const flag = z.union([z.literal(0), z.literal(1)]);

export const nodeCheckConfigSchema = z
  .object({
    DnsDispatchMode: z.enum(NODE_CHECK_DISPATCH_MODES, { message: 'validation.invalid' }),
    ModeTimingFrequency: z.coerce.number().int(),
    checkNodePortList: z
      .string()
      .trim()
      .min(1, { message: 'validation.required', abort: true })
      .refine(isPortList, { message: 'nodeCheck.portList' }),
    checkNodeFrequency: whole(NODE_CHECK_LIMITS.frequency).multipleOf(NODE_CHECK_LIMITS.frequency.step, {
      message: 'nodeCheck.frequencyStep',
    }),
    failPercent: whole(NODE_CHECK_LIMITS.failPercent),
    mailNotice: z.string().trim(),
    mailNoticeStatus: flag,
    smsNotice: z.string().trim(),
    smsNoticeStatus: flag,
  })
  .superRefine((value, context) => {
    const { timing } = NODE_CHECK_LIMITS;
    const period = value.ModeTimingFrequency;
    if (
      value.DnsDispatchMode === 'timing' &&
      (period < timing.min || period > timing.max || period % timing.step)
    )
      context.addIssue({ code: 'custom', path: ['ModeTimingFrequency'], message: 'nodeCheck.timingPeriod' });
    if (value.mailNoticeStatus === 1 && !isEmail(value.mailNotice))
      context.addIssue({
        code: 'custom',
        path: ['mailNotice'],
        message: value.mailNotice ? 'validation.email' : 'validation.required',
      });
    if (value.smsNoticeStatus === 1 && !isMobile(value.smsNotice))
      context.addIssue({
        code: 'custom',
        path: ['smsNotice'],
        message: value.smsNotice ? 'validation.mobile' : 'validation.required',
      });
  });
export type NodeCheckConfig = z.infer<typeof nodeCheckConfigSchema>;
