import type { IncomingMessage, ServerResponse } from 'node:http';
import { isHostname, isIPv4, isIPv6 } from '@nimbus/contract';
import type { DnsServers } from '../../platform/dns-servers';
import { resolveForClient, type HttpdnsRecordType } from './httpdns.resolver';
import { DnsQueryError, type UdpExchanger } from './httpdns.udp';
import { signProblem, type SignProblem } from './httpdns.sign';

/** What answering a query needs of the saved config: app id → opened key, when signing is on. */
export interface HttpdnsQueryConfig {
  signKeys: ReadonlyMap<number, string> | undefined;
}

interface Failure {
  status: number;
  code: string;
  message: string;
}

const SIGN_FAILURES: Record<SignProblem, Failure> = {
  missing: {
    status: 403,
    code: 'SignatureRequired',
    message: 'this service needs signed requests (id, t and s)',
  },
  unknownApp: { status: 403, code: 'InvalidAccount', message: 'no app has this id' },
  expired: { status: 403, code: 'SignatureExpired', message: 'the signed request has expired' },
  tooFarAhead: { status: 403, code: 'SignatureExpired', message: 'the expiry t is too far ahead' },
  mismatch: { status: 403, code: 'SignatureInvalid', message: 'the signature s does not match' },
};

/** The caller's address as DNS knows it: an IPv4 peer on a dual-stack socket comes as ::ffff:a.b.c.d. */
function peerAddress(request: IncomingMessage): string {
  const address = request.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

function send(response: ServerResponse, status: number, type: 'json' | 'text', body: unknown) {
  const text = type === 'json' ? JSON.stringify(body) : String(body);
  response.writeHead(status, {
    'content-type': type === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(text);
}

/**
 * `GET /d` of the HTTPDNS service. The answer's form follows the SDK the request looks like:
 * `dn=` (Tencent DNSPod's parameter) answers its plain text `ip1;ip2` and `,ttl` when `ttl=1`;
 * `host=` (Aliyun's) answers Aliyun's JSON `{ host, ips, ttl, origin_ttl, client_ip }`.
 * `format=json|text` chooses explicitly. The client's line comes from `ip` (Tencent and Aliyun
 * both call it that), else from the caller's own address.
 */
export async function answerQuery(
  request: IncomingMessage,
  response: ServerResponse,
  { dns, udp }: { dns: Pick<DnsServers, 'authoritative'>; udp: UdpExchanger },
  config: HttpdnsQueryConfig,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://httpdns.invalid');
  const params = url.searchParams;
  const byHost = !params.has('dn') && params.has('host');
  const format =
    params.get('format') === 'json' || (params.get('format') !== 'text' && byHost) ? 'json' : 'text';
  const fail = ({ status, code, message }: Failure) =>
    send(response, status, format, format === 'json' ? { code, message } : `${code}: ${message}`);

  if (url.pathname !== '/d')
    return fail({ status: 404, code: 'NotFound', message: 'the service answers GET /d' });
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return fail({ status: 405, code: 'MethodNotAllowed', message: 'use GET' });
  const raw = (byHost ? params.get('host') : params.get('dn')) ?? '';
  if (!raw) return fail({ status: 400, code: 'MissingArgument', message: 'dn (or host) is required' });
  const name = raw.toLowerCase().replace(/\.$/, '');
  if (!isHostname(name))
    return fail({ status: 400, code: 'InvalidHost', message: `not a domain name: ${raw}` });
  const type = (params.get('type') ?? 'A').toUpperCase();
  if (type !== 'A' && type !== 'AAAA')
    return fail({ status: 400, code: 'InvalidType', message: 'type is A or AAAA' });
  const given = params.get('ip');
  if (given !== null && !isIPv4(given) && !isIPv6(given))
    return fail({ status: 400, code: 'InvalidClientIp', message: `not an IP address: ${given}` });
  if (config.signKeys !== undefined) {
    const signed = { id: params.get('id'), t: params.get('t'), s: params.get('s') };
    const problem = signProblem(raw, config.signKeys, signed);
    if (problem) return fail(SIGN_FAILURES[problem]);
  }
  const authoritative = dns.authoritative;
  if (authoritative.state !== 'ready')
    return fail({
      status: 503,
      code: 'ServiceUnavailable',
      message: `the authoritative DNS server (PowerDNS) is not running: ${authoritative.reason} (install: ${authoritative.install})`,
    });

  const clientIp = given ?? peerAddress(request);
  let answer;
  try {
    answer = await resolveForClient(udp, authoritative.dns, name, type as HttpdnsRecordType, clientIp);
  } catch (error) {
    if (!(error instanceof DnsQueryError)) throw error;
    return fail({ status: 502, code: 'UpstreamError', message: error.message });
  }
  if (format === 'json')
    return send(response, 200, 'json', {
      host: name,
      type,
      ips: answer.ips,
      ttl: answer.ttl,
      origin_ttl: answer.ttl,
      client_ip: clientIp,
    });
  const ips = answer.ips.join(';');
  send(response, 200, 'text', params.get('ttl') === '1' && ips ? `${ips},${answer.ttl}` : ips);
}
