import { block, hostPort } from './nginx-text';

export type PortKind = 'http' | 'https';

export interface ListenOptions {
  /** TLS with HTTP/2 (nginx 1.22 spells HTTP/2 as a listen parameter). */
  ssl?: boolean;
  defaultServer?: boolean;
  /** Stream only: a UDP socket. */
  udp?: boolean;
}

/** `listen 80;`, `listen 1.2.3.4:443 ssl http2;`, `listen [::1]:53 udp;` (address already checked). */
export function listen(address: string, port: number, options: ListenOptions = {}): string {
  const parts = [`listen ${hostPort(address, port)}`];
  if (options.ssl) parts.push('ssl http2');
  if (options.udp) parts.push('udp');
  if (options.defaultServer) parts.push('default_server');
  return `${parts.join(' ')};`;
}

/**
 * Exactly one catch-all server per address:port in use (the node has one address, so per port):
 * without it nginx would hand a request for an unknown host to whichever site it parsed first.
 * Over HTTP an unknown host gets 404; a TLS handshake for an unknown name is refused, so no
 * customer's certificate is ever shown to it (and clients without SNI are refused too).
 */
export function defaultServers(address: string, plan: ReadonlyMap<number, PortKind>): string[] {
  return [...plan.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([port, kind]) =>
      block('server', [
        listen(address, port, { ssl: kind === 'https', defaultServer: true }),
        'server_name _;',
        kind === 'https' ? 'ssl_reject_handshake on;' : 'return 404;',
      ]),
    );
}
