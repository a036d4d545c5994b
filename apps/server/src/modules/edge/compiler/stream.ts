import { block } from './nginx-text';
import { listenDirective } from './listen';
import { upstream } from './origins';
import type { CompileStream } from './types';

/** stream.conf: one upstream and one server per forwarding rule. */
export function streamConfig(streams: readonly CompileStream[], listenAddress: string): string {
  const lines = ['# layer-4 forwarding rules'];
  for (const rule of [...streams].sort((a, b) => a.id - b.id)) {
    const upstreamName = `stream_${rule.id}`;
    const listen = listenDirective(listenAddress, rule.listenPort, 'http').replace(
      /;$/,
      rule.protocol === 'udp' ? ' udp;' : ';',
    );
    lines.push(
      ...upstream(upstreamName, rule.balance, rule.origins, 'hash $remote_addr consistent;'),
      ...block('server', [
        listen,
        `proxy_pass ${upstreamName};`,
        `proxy_connect_timeout ${rule.connectTimeoutSeconds}s;`,
      ]),
    );
  }
  return lines.join('\n') + '\n';
}
