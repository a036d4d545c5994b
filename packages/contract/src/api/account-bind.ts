import { z } from 'zod';
import { checkTarget, requiredText } from './code-target';
import { CODE_CHANNELS } from './account-constants';

/*
 * Binding or changing a customer's e-mail or mobile from account info (ACCOUNT_API.customer
 * bindCodeSend / bindAddress). The code goes to the new address; a change also needs the
 * login password, which proves the person at the keyboard owns the account as well as a code
 * to the old address would, and still works when the old address is gone.
 */

/** `target` is the new e-mail address (channel mail) or mobile number (channel sms). */
export const bindCodeSendRequestSchema = z
  .object({
    channel: z.enum(CODE_CHANNELS, { message: 'validation.invalid' }),
    target: requiredText(254),
    captcha: requiredText(16),
    uuid: z.uuid({ message: 'validation.invalid' }),
  })
  .superRefine(checkTarget);
export type BindCodeSendRequest = z.infer<typeof bindCodeSendRequestSchema>;

/** `password` is required when the account already has an address on this channel (a change). */
export const bindAddressRequestSchema = z
  .object({
    channel: z.enum(CODE_CHANNELS, { message: 'validation.invalid' }),
    target: requiredText(254),
    code: z
      .string({ message: 'validation.required' })
      .trim()
      .regex(/^\d{6}$/, { message: 'account.codeFormat' }),
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(128).optional()),
  })
  .superRefine(checkTarget);
export type BindAddressRequest = z.infer<typeof bindAddressRequestSchema>;
