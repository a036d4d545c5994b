import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { keyProblem, signatureProblem, type KeyPolicyProblem } from './key-policy';

/** What an uploaded certificate says of itself, leaf first. */
export interface ParsedCertificate {
  /** Leaf, then each issuer in order (as nginx wants the file). */
  chainPem: string;
  subject: string;
  issuer: string;
  /** SAN DNS names, else the subject CN; lower-case. */
  domains: string[];
  notBefore: Date;
  notAfter: Date;
}

export type PemProblem = 'badCert' | 'badKey' | 'keyMismatch' | KeyPolicyProblem;

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function namesOf(cert: X509Certificate): string[] {
  const sans = (cert.subjectAltName ?? '')
    .split(/,\s*/)
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4).toLowerCase());
  if (sans.length > 0) return sans;
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(cert.subject)?.[1];
  return cn ? [cn.toLowerCase()] : [];
}

/** Puts the leaf first and each certificate before its issuer, whatever order they came in. */
function orderChain(certs: X509Certificate[]): X509Certificate[] {
  const issuesAnother = (c: X509Certificate) => certs.some((other) => other !== c && other.checkIssued(c));
  const leaf = certs.find((c) => !issuesAnother(c)) ?? certs[0]!;
  const ordered = [leaf];
  for (let current = leaf; ordered.length < certs.length;) {
    const issuer = certs.find((c) => !ordered.includes(c) && current.checkIssued(c));
    if (!issuer) break;
    ordered.push(issuer);
    current = issuer;
  }
  // Certificates that chain to nothing here still go to nginx, after the chain.
  return [...ordered, ...certs.filter((c) => !ordered.includes(c))];
}

const oneLine = (dn: string) => dn.split('\n').join(', ');

export function parseCertificate(certPem: string, keyPem: string): ParsedCertificate | PemProblem {
  let certs: X509Certificate[];
  try {
    certs = (certPem.match(PEM_BLOCK) ?? []).map((block) => new X509Certificate(block));
  } catch {
    return 'badCert';
  }
  if (certs.length === 0) return 'badCert';
  let key: KeyObject;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    return 'badKey';
  }
  const chain = orderChain(certs);
  const leaf = chain[0]!;
  if (!leaf.checkPrivateKey(key)) return 'keyMismatch';
  // Every certificate parsed here goes to an nginx (edges, HTTPDNS): one it cannot load stops it.
  const policy = keyProblem(key) ?? chain.map(signatureProblem).find(Boolean);
  if (policy) return policy;
  return {
    chainPem: chain.map((c) => c.toString().trim()).join('\n') + '\n',
    subject: oneLine(leaf.subject),
    issuer: oneLine(leaf.issuer),
    domains: namesOf(leaf),
    notBefore: new Date(leaf.validFrom),
    notAfter: new Date(leaf.validTo),
  };
}

/** Whether a certificate name (maybe `*.a.com`) covers a site domain (maybe `*.a.com`). */
export function covers(name: string, domain: string): boolean {
  if (name === domain) return true;
  if (!name.startsWith('*.') || domain.startsWith('*.')) return false;
  const rest = domain.slice(domain.indexOf('.') + 1);
  return rest === name.slice(2);
}

export const uncovered = (names: readonly string[], domains: readonly string[]) =>
  domains.filter((d) => !names.some((n) => covers(n, d)));
