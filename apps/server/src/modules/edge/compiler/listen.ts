import { hostPort } from './nginx-text';

export type ListenKind = 'http' | 'https';

export function listenDirective(
  address: string,
  port: number,
  kind: ListenKind,
  defaultServer = false,
): string {
  const options = [kind === 'https' ? ' ssl http2' : '', defaultServer ? ' default_server' : ''].join('');
  return `listen ${hostPort(address, port)}${options};`;
}

/**
 * One catch-all server per port in use: a request for a host no site serves gets 404 over
 * HTTP, and a TLS handshake for an unknown name is refused (no certificate is shown to it).
 */
export function defaultServers(address: string, used: ReadonlyMap<number, ListenKind>): string[] {
  return [...used.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([port, kind]) => [
      'server {',
      `  ${listenDirective(address, port, kind, true)}`,
      '  server_name _;',
      kind === 'https' ? '  ssl_reject_handshake on;' : '  return 404;',
      '}',
    ]);
}
