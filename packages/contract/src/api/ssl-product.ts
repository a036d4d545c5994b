import { z } from 'zod';

/**
 * A certificate product's terms (issue 22 §4, product kind `ssl`): which ACME CA issues it and
 * what one certificate may carry. `paid`: the product's own CA, bound to the seller's account
 * there by External Account Binding (RFC 8555 §7.3.4: a key id and a base64url HMAC key the CA
 * hands out). `free`: the platform's configured ACME CA (sys/certificate/acme). The HMAC key is
 * write-only: answers carry '' and `eabHmacKeySet`; an edit that leaves it '' keeps the stored one.
 * No wildcard names: the edges prove a name over HTTP-01, and a CA takes only DNS-01 for a
 * wildcard, so one could be sold but never issued.
 */
export const SSL_CAS = ['paid', 'free'] as const;
export type SslCa = (typeof SSL_CAS)[number];

/** The most names one certificate may carry (Let's Encrypt's limit is 100). */
export const SSL_MAX_DOMAINS = 100;

export const sslProductSaveSchema = z
  .object({
    ca: z.enum(SSL_CAS, { message: 'validation.invalid' }),
    /** The paid CA's ACME directory; '' for `free`. */
    directoryUrl: z
      .union([z.literal(''), z.string().trim().url({ message: 'validation.url' }).max(500)])
      .default(''),
    eabKid: z.string().trim().max(256, 'validation.tooLong').default(''),
    eabHmacKey: z
      .string()
      .trim()
      .max(512, 'validation.tooLong')
      .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'sslProduct.hmacInvalid')
      .default(''),
    maxDomains: z
      .number({ message: 'validation.required' })
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .max(SSL_MAX_DOMAINS, 'validation.invalid'),
  })
  .superRefine((ssl, ctx) => {
    if (ssl.ca !== 'paid') return;
    if (ssl.directoryUrl === '')
      ctx.addIssue({ code: 'custom', path: ['directoryUrl'], message: 'validation.required' });
    if (ssl.eabKid === '') ctx.addIssue({ code: 'custom', path: ['eabKid'], message: 'validation.required' });
  });
export type SslProductSave = z.input<typeof sslProductSaveSchema>;

export const sslProductSchema = z.object({
  ca: z.enum(SSL_CAS),
  /** '' in customers' product lists: which account the seller holds is not theirs to see. */
  directoryUrl: z.string(),
  eabKid: z.string(),
  /** Always ''. */
  eabHmacKey: z.literal(''),
  eabHmacKeySet: z.boolean(),
  maxDomains: z.number().int(),
});
export type SslProduct = z.infer<typeof sslProductSchema>;
