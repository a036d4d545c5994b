import {
  certificateApplyRequestSchema,
  certificateUploadRequestSchema,
  type CertificateApplyRequest,
  type CertificateUploadRequest,
} from '@nimbus/contract';

/** The issue shape the form shows: the contract's message on the field named by the path. */
export interface PathIssue {
  path: PropertyKey[];
  message: string;
}

export type Built<T> = { ok: true; body: T } | { ok: false; issues: PathIssue[] };

export interface UploadFormValues {
  name?: string;
  certPem?: string;
  keyPem?: string;
  domains?: string[];
}

export interface ApplyFormValues {
  name?: string;
  domains?: string[];
  autoRenew?: boolean;
}

/** A quick look before sending: the server does the real parsing. */
export const looksLikeCertPem = (text: string) => text.includes('-----BEGIN CERTIFICATE-----');
export const looksLikeKeyPem = (text: string) => text.includes('PRIVATE KEY-----');

function build<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: PathIssue[] } };
  },
  values: unknown,
): Built<T> {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, issues: parsed.error.issues };
}

/** What the upload sends: {name, certPem, keyPem, domains}, trimmed and defaulted by the contract. */
export function uploadBody(values: UploadFormValues): Built<CertificateUploadRequest> {
  return build<CertificateUploadRequest>(certificateUploadRequestSchema, {
    name: values.name ?? '',
    certPem: values.certPem ?? '',
    keyPem: values.keyPem ?? '',
    domains: values.domains ?? [],
  });
}

/** What the apply sends: {name, domains, autoRenew} (auto-renew on unless switched off). */
export function applyBody(values: ApplyFormValues): Built<CertificateApplyRequest> {
  return build<CertificateApplyRequest>(certificateApplyRequestSchema, {
    name: values.name ?? '',
    domains: values.domains ?? [],
    autoRenew: values.autoRenew ?? true,
  });
}

/** HTTP-01 cannot prove a wildcard: those are left out of what a free certificate can cover. */
export function splitWildcards(domains: readonly string[]): { usable: string[]; wildcards: string[] } {
  return {
    usable: domains.filter((d) => !d.startsWith('*.')),
    wildcards: domains.filter((d) => d.startsWith('*.')),
  };
}
