import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCertificate } from '../../../test/support/openssl';
import { covers, parseCertificate, uncovered } from './pem';

// A CA and a leaf it signed for two names; and another certificate's key.
const leaf = makeCertificate(['www.a.test', '*.img.a.test'], 20);
const leafOnly = leaf.certPem.replace(leaf.caPem, '');
const otherKey = makeCertificate(['x.test']).keyPem;
const EC_P256 = paramFile('prime256v1');
const EC_P521 = paramFile('secp521r1');

/** `openssl req -newkey ec:<file>` wants the curve as a parameter file. */
function paramFile(curve: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-ec-')), `${curve}.pem`);
  execFileSync('openssl', ['ecparam', '-name', curve, '-out', file]);
  return file;
}

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

  it('holds keys and signatures to what the edges can load', () => {
    const cases: [string, Parameters<typeof makeCertificate>[2], string | undefined][] = [
      ['512-bit RSA', { leafKey: 'rsa:512' }, 'weakKey'],
      ['1024-bit RSA', { leafKey: 'rsa:1024' }, 'weakKey'],
      ['EC P-521', { leafKey: 'ec:' + EC_P521 }, 'weakKey'],
      ['SHA-1 signature', { digest: 'sha1' }, 'weakSignature'],
      ['EC P-256', { leafKey: 'ec:' + EC_P256 }, undefined],
      ['Ed25519', { leafKey: 'ed25519' }, undefined],
    ];
    for (const [what, options, problem] of cases) {
      const cert = makeCertificate(['k.a.test'], 5, options);
      const parsed = parseCertificate(cert.certPem, cert.keyPem);
      expect(typeof parsed === 'string' ? parsed : undefined, what).toBe(problem);
    }
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
