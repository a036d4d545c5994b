import { describe, expect, it } from 'vitest';
import {
  certificateBlock,
  coversDomain,
  coversName,
  expiryDay,
  sortByUsable,
} from '@/features/sites/lib/certificate-choice';

const NOW = Date.parse('2025-06-01T00:00:00Z');
const cert = (status: 'own' | 'succeeded' | 'expired' | 'applying' | 'failed' | 'unapplied', extra = {}) => ({
  status,
  domains: ['www.example.com', '*.example.net'],
  notAfter: '2025-09-01T00:00:00Z',
  ...extra,
});

describe('certificate coverage (the server’s rule)', () => {
  it('covers the exact name, case and spaces aside', () => {
    expect(coversName('www.example.com', 'www.example.com')).toBe(true);
    expect(coversName('WWW.example.com', ' www.EXAMPLE.com ')).toBe(true);
    expect(coversName('www.example.com', 'img.example.com')).toBe(false);
  });

  it('a wildcard covers exactly one more label', () => {
    expect(coversName('*.example.com', 'www.example.com')).toBe(true);
    expect(coversName('*.example.com', 'example.com')).toBe(false);
    expect(coversName('*.example.com', 'a.www.example.com')).toBe(false);
    expect(coversName('*.example.com', 'www.example.org')).toBe(false);
    expect(coversName('*.com', 'com')).toBe(false);
  });

  it('a wildcard site needs the same wildcard, never a plain name', () => {
    expect(coversName('*.example.com', '*.example.com')).toBe(true);
    expect(coversName('www.example.com', '*.example.com')).toBe(false);
    expect(coversName('*.example.com', '*.www.example.com')).toBe(false);
  });

  it('any of the names will do; nothing covers a blank domain', () => {
    expect(coversDomain(['a.example.com', '*.example.net'], 'img.example.net')).toBe(true);
    expect(coversDomain(['a.example.com'], 'b.example.com')).toBe(false);
    expect(coversDomain([], 'b.example.com')).toBe(false);
    expect(coversDomain(['*.example.com'], '')).toBe(false);
  });
});

describe('which certificates a site may use', () => {
  it('only own or issued ones that are valid and cover the domain', () => {
    expect(certificateBlock(cert('own'), 'www.example.com', NOW)).toBeNull();
    expect(certificateBlock(cert('succeeded'), 'cdn.example.net', NOW)).toBeNull();
    expect(certificateBlock(cert('succeeded'), 'www.example.org', NOW)).toBe('notCovering');
  });

  it('says why the others cannot be chosen', () => {
    expect(certificateBlock(cert('expired'), 'www.example.com', NOW)).toBe('expired');
    expect(certificateBlock(cert('own', { notAfter: '2025-05-31T23:59:59Z' }), 'www.example.com', NOW)).toBe(
      'expired',
    );
    for (const status of ['applying', 'failed', 'unapplied'] as const)
      expect(certificateBlock(cert(status, { notAfter: null }), 'www.example.com', NOW)).toBe('notIssued');
  });

  it('lists the usable ones first, otherwise in the server’s order', () => {
    const a = { ...cert('expired'), id: 1 };
    const b = { ...cert('own'), id: 2 };
    const c = { ...cert('applying'), id: 3 };
    const d = { ...cert('succeeded'), id: 4 };
    expect(sortByUsable([a, b, c, d], 'www.example.com', NOW).map((x) => x.id)).toEqual([2, 4, 1, 3]);
  });

  it('shows the day a certificate ends, in the console’s zone (UTC+8)', () => {
    expect(expiryDay('2025-08-31T17:00:00Z')).toBe('2025-09-01');
    expect(expiryDay(null)).toBe('');
  });
});
