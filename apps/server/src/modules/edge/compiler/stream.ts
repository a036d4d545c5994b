import { BUNDLE_DIR_MARKER } from '@nimbus/contract';
import { listen } from './listen';
import { block, integer } from './nginx-text';
import { upstream, upstreamSpec } from './origins';
import type { CompileStream } from './types';

export const streamPath = (id: number) => `streams/${id}.conf`;

export const streamsById = (streams: readonly CompileStream[]) => [...streams].sort((a, b) => a.id - b.id);

/**
 * stream.conf, included inside the agent's `stream {}`: every rule's own file by explicit name in
 * id order. Always present (a comment when there are no rules) so the agent's include never
 * points at a missing file. One file per rule so the agent can leave out one rule nginx refuses
 * (its port bound on the node, say) and apply the others.
 */
export function streamConfig(streams: readonly CompileStream[]): string {
  const lines = ['# layer-4 forwarding rules'];
  for (const rule of streamsById(streams))
    lines.push(`include ${BUNDLE_DIR_MARKER}/${streamPath(integer('stream id', rule.id))};`);
  return lines.join('\n') + '\n';
}

/**
 * One forwarding rule: an upstream and a server. IP hash is `hash $remote_addr consistent` here
 * (stream has no ip_hash); backups are left out with it, as for sites.
 */
export const streamUpstreamName = (id: number) => `stream_${integer('stream id', id)}`;

/** The manifest's entry for a rule's upstream. */
export const streamUpstreamSpec = (rule: CompileStream) =>
  upstreamSpec(streamUpstreamName(rule.id), rule.balance, rule.origins);

export function streamRuleConfig(rule: CompileStream, listenAddress: string): string {
  const name = streamUpstreamName(rule.id);
  const lines = [
    `# stream ${rule.id}`,
    ...upstream(name, rule.balance, rule.origins, 'hash $remote_addr consistent;'),
    ...block('server', [
      listen(listenAddress, rule.listenPort, { udp: rule.protocol === 'udp' }),
      // The agent's `stream {}` logs a session only when this is set: the line carries the rule id.
      `set $nimbus_stream ${rule.id};`,
      `proxy_pass ${name};`,
      `proxy_connect_timeout ${integer('connect timeout', rule.connectTimeoutSeconds)}s;`,
    ]),
  ];
  return lines.join('\n') + '\n';
}
