import type { DnsServer, DnsServers } from './dns-servers';

/** The label column of the banner's lines. */
const line = (label: string, text: string) => `  ${label.padEnd(19)}${text}`;

/** Where a PowerDNS server answers, or why it is off and how to install it. */
function dnsLine(label: string, server: DnsServer<unknown>, answering: string, note = ''): string {
  return server.state === 'ready'
    ? line(label, `${answering} answering on ${server.dns.host}:${server.dns.port}${note}`)
    : line(label, `off: ${server.reason.split('\n')[0]} (install: ${server.install})`);
}

/** What `npm start` prints once Nimbus listens: the consoles, the API and both DNS servers. */
export function startupBanner(baseUrl: string, databaseDescription: string, dns: DnsServers): string {
  const lines = [
    '',
    `Nimbus is running on ${databaseDescription}.`,
    line('CDN console', `${baseUrl}/`),
    line('CDN admin console', `${baseUrl}/admin/`),
    line('DNS console', `${baseUrl}/dns/`),
    line('DNS admin console', `${baseUrl}/dns/admin/`),
    line('API', `${baseUrl}/api  (OpenAPI: ${baseUrl}/api/docs/openapi.json)`),
    dnsLine('DNS hosting', dns.authoritative, 'PowerDNS'),
    // Its allow-from is Nimbus's to set: a first start serves no client until an admin allows some.
    dnsLine(
      'Recursive DNS',
      dns.recursor,
      'PowerDNS Recursor',
      '; it serves only the clients an admin console allows under System → Recursive DNS',
    ),
  ];
  return lines.join('\n') + '\n';
}
