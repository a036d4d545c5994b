import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A self-signed certificate and key for `names`, from the openssl command. */
export function makeCertificate(names: string[]): { certPem: string; keyPem: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-e2e-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        '90',
        '-subj',
        `/CN=${names[0]}`,
        '-addext',
        `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    return {
      certPem: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      keyPem: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
