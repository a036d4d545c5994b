import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { zDomain } from '../validators';

/*
 * Certificates (spec §2 site/certificate, §4 certificate statuses). Customer token; another
 * customer's certificate answers 404. Private keys are write-only: no answer ever carries one.
 *
 *   POST app/site/certificate/list     CertificateListRequest → Page<Certificate>
 *   GET  app/site/certificate/info?id=                        → Certificate
 *   POST app/site/certificate/upload   CertificateUploadRequest → Certificate (own certificate)
 *   POST app/site/certificate/apply    CertificateApplyRequest → Certificate (ACME, starts as applying)
 *   POST app/site/certificate/renew    { id } → Certificate (ACME again, now)
 *   POST app/site/certificate/delete   { id } (refused while a site uses it)
 * Admin:
 *   GET  sys/certificate/acme          → AcmeSettings
 *   POST sys/certificate/acme/save     AcmeSettings → AcmeSettings
 */
export const CERTIFICATE_PATHS = {
  list: 'app/site/certificate/list',
  info: 'app/site/certificate/info',
  upload: 'app/site/certificate/upload',
  apply: 'app/site/certificate/apply',
  renew: 'app/site/certificate/renew',
  delete: 'app/site/certificate/delete',
  acmeSettings: 'sys/certificate/acme',
  acmeSettingsSave: 'sys/certificate/acme/save',
} as const;

/** Spec §4 statuses, in the spec's order. */
export const CERTIFICATE_STATUSES = [
  'unapplied',
  'applying',
  'succeeded',
  'failed',
  'own',
  'expired',
] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const CERTIFICATE_SOURCES = ['upload', 'acme'] as const;

/** ACME certificates renew this many days before they expire; notices go out at these. */
export const CERTIFICATE_RENEW_DAYS = 30;
export const CERTIFICATE_NOTICE_DAYS = [30, 7, 1] as const;
export const CERTIFICATE_LIMITS = { pemChars: 64_000, domains: 100 } as const;

export const certificateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.enum(CERTIFICATE_SOURCES),
  status: z.enum(CERTIFICATE_STATUSES),
  /** Subject alternative names (or the subject CN when there are none). */
  domains: z.array(z.string()),
  subject: z.string(),
  issuer: z.string(),
  /** ISO times; null while an ACME order has produced nothing yet. */
  notBefore: z.string().nullable(),
  notAfter: z.string().nullable(),
  /** The CA's reason for the last failed ACME order, '' otherwise. */
  failReason: z.string(),
  autoRenew: z.boolean(),
  /** Sites that serve it. */
  siteCount: z.number().int(),
  /** The certificate product it was bought as (issue 22 §4), null otherwise. */
  productId: z.number().int().nullable(),
  /** The end of its paid period: it renews by itself until then only. Null when not bought. */
  paidUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateListRequestSchema = listQuerySchema.extend({
  /** Part of a name or a domain. */
  keyword: z.string().trim().max(255).optional(),
  status: z.enum(CERTIFICATE_STATUSES).optional(),
});
export type CertificateListRequest = z.input<typeof certificateListRequestSchema>;
export const certificatePageSchema = pageSchema(certificateSchema);

const pem = (label: string) =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .max(CERTIFICATE_LIMITS.pemChars)
    .refine((v) => v.includes(`-----BEGIN ${label}`) || label === 'PRIVATE KEY', {
      message: 'certificate.notPem',
    });

export const certificateUploadRequestSchema = z.object({
  name: z.string().trim().max(64).default(''),
  /** Leaf certificate followed by its chain, PEM. */
  certPem: pem('CERTIFICATE'),
  /** PEM private key (PKCS#1, PKCS#8 or SEC1). */
  keyPem: pem('PRIVATE KEY'),
  /** Optional: the sites' domains it must cover (checked on upload). */
  domains: z.array(zDomain()).max(CERTIFICATE_LIMITS.domains).default([]),
});
export type CertificateUploadRequest = z.input<typeof certificateUploadRequestSchema>;

export const certificateApplyRequestSchema = z.object({
  name: z.string().trim().max(64).default(''),
  /** Domains of the customer's own enabled sites (no wildcard: HTTP-01 cannot prove one). */
  domains: z
    .array(zDomain())
    .min(1, { message: 'validation.required' })
    .max(CERTIFICATE_LIMITS.domains)
    .refine((list) => list.every((d) => !d.startsWith('*.')), { message: 'certificate.acmeWildcard' }),
  autoRenew: z.boolean().default(true),
});
export type CertificateApplyRequest = z.input<typeof certificateApplyRequestSchema>;

export const acmeSettingsSchema = z.object({
  /** ACME directory URL, e.g. Let's Encrypt's; tests use pebble's. */
  directoryUrl: z.string().trim().url({ message: 'validation.url' }),
  /** Contact e-mail for the ACME account ('' = none). */
  email: z.string().trim().max(254).default(''),
});
export type AcmeSettings = z.input<typeof acmeSettingsSchema>;
