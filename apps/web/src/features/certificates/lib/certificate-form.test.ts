import { describe, expect, it } from 'vitest';
import {
  applyBody,
  looksLikeCertPem,
  looksLikeKeyPem,
  splitWildcards,
  uploadBody,
} from '@/features/certificates/lib/certificate-form';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----';

describe('certificate forms', () => {
  it('looks for the PEM armour of a certificate and of a private key', () => {
    expect(looksLikeCertPem(CERT)).toBe(true);
    expect(looksLikeCertPem('MIIB')).toBe(false);
    expect(looksLikeKeyPem(KEY)).toBe(true);
    expect(looksLikeKeyPem('-----BEGIN PRIVATE KEY-----\nMIIE')).toBe(true);
    expect(looksLikeKeyPem(CERT)).toBe(false);
  });

  it('builds the upload request with the contract’s trimming and defaults', () => {
    expect(uploadBody({ certPem: ` ${CERT}\n`, keyPem: KEY })).toEqual({
      ok: true,
      body: { name: '', certPem: CERT, keyPem: KEY, domains: [] },
    });
    const bad = uploadBody({ certPem: 'nope', keyPem: KEY, domains: ['not a domain'] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => i.path[0])).toEqual(['certPem', 'domains']);
  });

  it('builds the apply request with auto-renew on unless switched off', () => {
    expect(applyBody({ domains: ['a.example.com'] })).toEqual({
      ok: true,
      body: { name: '', domains: ['a.example.com'], autoRenew: true },
    });
    expect(applyBody({ domains: ['a.example.com'], autoRenew: false, name: 'a' })).toMatchObject({
      body: { autoRenew: false, name: 'a' },
    });
    const wildcard = applyBody({ domains: ['*.example.com'] });
    expect(wildcard.ok).toBe(false);
    if (!wildcard.ok) expect(wildcard.issues[0]?.message).toBe('certificate.acmeWildcard');
  });

  it('leaves wildcards out of what a free certificate can cover', () => {
    expect(splitWildcards(['a.example.com', '*.example.com'])).toEqual({
      usable: ['a.example.com'],
      wildcards: ['*.example.com'],
    });
  });
});
