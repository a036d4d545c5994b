import { listen } from './listen';
import { block, integer } from './nginx-text';
import { upstream } from './origins';
import type { CompileStream } from './types';

/**
 * stream.conf, included inside the agent's `stream {}`: one upstream and one server per
 * forwarding rule, by id. Always present (a comment when there are no rules) so the agent's
 * include never points at a missing file. IP hash is `hash $remote_addr consistent` here
 * (stream has no ip_hash); backups are left out with it, as for sites.
 */
export function streamConfig(streams: readonly CompileStream[], listenAddress: string): string {
  const lines = ['# layer-4 forwarding rules'];
  for (const rule of [...streams].sort((a, b) => a.id - b.id)) {
    const name = `stream_${integer('stream id', rule.id)}`;
    lines.push(
      ...upstream(name, rule.balance, rule.origins, 'hash $remote_addr consistent;'),
      ...block('server', [
        listen(listenAddress, rule.listenPort, { udp: rule.protocol === 'udp' }),
        `proxy_pass ${name};`,
        `proxy_connect_timeout ${integer('connect timeout', rule.connectTimeoutSeconds)}s;`,
      ]),
    );
  }
  return lines.join('\n') + '\n';
}
