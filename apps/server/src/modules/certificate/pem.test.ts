import { describe, expect, it } from 'vitest';
import { makeCertificate } from '../../../test/support/openssl';
import { covers, parseCertificate, uncovered } from './pem';

// A CA and a leaf it signed for two names; and another certificate's key.
const leaf = makeCertificate(['www.a.test', '*.img.a.test'], 20);
const leafOnly = leaf.certPem.replace(leaf.caPem, '');
const otherKey = makeCertificate(['x.test']).keyPem;

describe('parseCertificate', () => {
  it('reads names, issuer and dates, and puts the leaf first whatever the order', () => {
    const parsed = parseCertificate(leaf.caPem + leafOnly, leaf.keyPem);
    if (typeof parsed === 'string') throw new Error(parsed);
    expect(parsed.domains).toEqual(['www.a.test', '*.img.a.test']);
    expect(parsed.issuer).toContain('CN=Nimbus Test CA');
    expect(parsed.chainPem.indexOf(leafOnly.trim())).toBe(0);
    expect(parsed.notAfter.getTime()).toBeGreaterThan(Date.now() + 19 * 86_400_000);
  });

  it('names the problem: no certificate, unreadable key, key of another certificate', () => {
    expect(parseCertificate('hello', leaf.keyPem)).toBe('badCert');
    expect(parseCertificate(leafOnly, 'not a key')).toBe('badKey');
    expect(parseCertificate(leafOnly, otherKey)).toBe('keyMismatch');
  });
});

describe('covers', () => {
  it('matches exact names and one label under a wildcard', () => {
    expect(covers('www.a.test', 'www.a.test')).toBe(true);
    expect(covers('*.img.a.test', 'x.img.a.test')).toBe(true);
    expect(covers('*.img.a.test', 'y.x.img.a.test')).toBe(false);
    expect(covers('*.img.a.test', 'img.a.test')).toBe(false);
    expect(uncovered(['www.a.test'], ['www.a.test', 'b.a.test'])).toEqual(['b.a.test']);
  });
});
