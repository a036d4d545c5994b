import { BUNDLE_DIR_MARKER } from '@nimbus/contract';

export const certPath = (id: number) => `certs/${id}.pem`;
export const keyPath = (id: number) => `certs/${id}.key`;

/** A site's certificate by absolute path inside the version's directory. */
export function tlsDirectives(certificateId: number): string[] {
  return [
    `ssl_certificate ${BUNDLE_DIR_MARKER}/${certPath(certificateId)};`,
    `ssl_certificate_key ${BUNDLE_DIR_MARKER}/${keyPath(certificateId)};`,
  ];
}

/** Protocols and session cache for every TLS server of the node (http level). */
export const tlsDefaults = () => [
  'ssl_protocols TLSv1.2 TLSv1.3;',
  'ssl_prefer_server_ciphers off;',
  'ssl_session_cache shared:nimbus_tls:20m;',
  'ssl_session_timeout 1h;',
];
