import { z } from 'zod';
import { isEmail, isMobile } from '../validators';
import type { CodeChannel } from './account-constants';

/*
 * Field rules the account requests share (registration, codes, binding). Not re-exported from the
 * package index: other areas have rules of these names with other messages.
 */

export const requiredText = (max: number) =>
  z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(max);

/** A code's target must be what its channel sends to: an e-mail address or a mobile number. */
export function checkTarget(value: { channel: CodeChannel; target: string }, ctx: z.RefinementCtx) {
  const valid = value.channel === 'mail' ? isEmail(value.target) : isMobile(value.target);
  if (!valid) {
    ctx.addIssue({
      code: 'custom',
      path: ['target'],
      message: value.channel === 'mail' ? 'validation.email' : 'validation.mobile',
    });
  }
}
