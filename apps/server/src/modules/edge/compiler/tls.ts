import { BUNDLE_DIR_MARKER } from '@nimbus/contract';
import type { CompileCertificate } from './types';

export const certPath = (id: number) => `certs/${id}.pem`;
export const keyPath = (id: number) => `certs/${id}.key`;

/** A site's certificate and key by absolute path inside the version's directory. */
export function tlsDirectives(certificateId: number): string[] {
  return [
    `ssl_certificate ${BUNDLE_DIR_MARKER}/${certPath(certificateId)};`,
    `ssl_certificate_key ${BUNDLE_DIR_MARKER}/${keyPath(certificateId)};`,
  ];
}

/**
 * The certificate file's content. Files are not secret (they are stored per version and may be
 * shown), so a PEM that carries a private key, e.g. an upload pasted as one block, is refused
 * rather than shipped; keys only travel through keyFiles.
 */
export function certificateFile(cert: CompileCertificate): string {
  if (/PRIVATE KEY/.test(cert.certPem)) throw new Error(`certificate ${cert.id} carries a private key`);
  if (!cert.certPem.includes('-----BEGIN CERTIFICATE-----'))
    throw new Error(`certificate ${cert.id} is not a PEM certificate`);
  return cert.certPem.endsWith('\n') ? cert.certPem : `${cert.certPem}\n`;
}

/** Protocols and session cache for every TLS server of the node (http level). */
export const tlsDefaults = () => [
  'ssl_protocols TLSv1.2 TLSv1.3;',
  'ssl_prefer_server_ciphers off;',
  'ssl_session_cache shared:nimbus_tls:20m;',
  'ssl_session_timeout 1h;',
];
