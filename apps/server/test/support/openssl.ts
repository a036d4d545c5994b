import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCertificate {
  certPem: string;
  keyPem: string;
  /** The CA that signed it (PEM), to trust it in a client. */
  caPem: string;
}

export interface CertificateOptions {
  /** The leaf's key as `openssl req -newkey` takes it (default `rsa:2048`). */
  leafKey?: string;
  /** The digest the CA signs the leaf with (default sha256). */
  digest?: string;
}

/**
 * Real certificates from the openssl command: a CA and a leaf for `names` (SANs) valid for
 * `days` (0 or less: one that expired in 2020).
 */
export function makeCertificate(
  names: string[],
  days = 30,
  options: CertificateOptions = {},
): TestCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-cert-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    run(
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
      '3650',
      '-subj',
      '/CN=Nimbus Test CA',
    );
    run(
      'req',
      '-newkey',
      options.leafKey ?? 'rsa:2048',
      '-nodes',
      '-keyout',
      'leaf.key',
      '-out',
      'leaf.csr',
      '-subj',
      `/CN=${names[0]}`,
    );
    // `openssl ca` rather than `x509 -req`: only it can backdate a certificate (OpenSSL 3.0).
    fs.mkdirSync(path.join(dir, 'db'));
    fs.writeFileSync(path.join(dir, 'db/index.txt'), '');
    fs.writeFileSync(path.join(dir, 'db/serial'), '01\n');
    fs.writeFileSync(
      path.join(dir, 'ca.cnf'),
      [
        '[ca]',
        'default_ca = d',
        '[d]',
        'database = db/index.txt',
        'serial = db/serial',
        'new_certs_dir = db',
        `default_md = ${options.digest ?? 'sha256'}`,
        'policy = p',
        '[p]',
        'commonName = supplied',
        '[leaf]',
        `subjectAltName = ${names.map((n) => `DNS:${n}`).join(',')}`,
        '',
      ].join('\n'),
    );
    const validity =
      days > 0 ? ['-days', String(days)] : ['-startdate', '20200101000000Z', '-enddate', '20200201000000Z'];
    run(
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-cert',
      'ca.pem',
      '-keyfile',
      'ca.key',
      '-in',
      'leaf.csr',
      '-out',
      'leaf.pem',
      '-notext',
      '-extensions',
      'leaf',
      ...validity,
    );
    const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    return { certPem: read('leaf.pem') + read('ca.pem'), keyPem: read('leaf.key'), caPem: read('ca.pem') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
