import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { covers, parseCertificate, uncovered } from './pem';

let dir: string;
const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-pem-'));
  // A CA, a leaf it signed for two names, and an unrelated key.
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '30',
    '-subj',
    '/CN=Test CA',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'leaf.key',
    '-out',
    'leaf.csr',
    '-subj',
    '/CN=www.a.test',
  );
  fs.writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=DNS:www.a.test,DNS:*.img.a.test\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'leaf.pem',
    '-days',
    '20',
    '-extfile',
    'san.ext',
  );
  openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'other.key');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parseCertificate', () => {
  it('reads names, issuer and dates, and puts the leaf first whatever the order', () => {
    const parsed = parseCertificate(read('ca.pem') + read('leaf.pem'), read('leaf.key'));
    if (typeof parsed === 'string') throw new Error(parsed);
    expect(parsed.domains).toEqual(['www.a.test', '*.img.a.test']);
    expect(parsed.issuer).toContain('CN=Test CA');
    expect(parsed.chainPem.indexOf(read('leaf.pem').trim())).toBe(0);
    expect(parsed.notAfter.getTime()).toBeGreaterThan(Date.now() + 19 * 86_400_000);
  });

  it('names the problem: no certificate, unreadable key, key of another certificate', () => {
    expect(parseCertificate('hello', read('leaf.key'))).toBe('badCert');
    expect(parseCertificate(read('leaf.pem'), 'not a key')).toBe('badKey');
    expect(parseCertificate(read('leaf.pem'), read('other.key'))).toBe('keyMismatch');
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
