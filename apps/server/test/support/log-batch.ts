import { gzipSync } from 'node:zlib';
import {
  EDGE_LOG_BATCH_HEADER,
  EDGE_LOG_DROPPED_HEADER,
  EDGE_PATHS,
  type AccessLogLine,
  type StreamLogLine,
} from '@nimbus/contract';

/** One access-log line as an edge's nginx writes it (contract ACCESS_LOG_FIELDS). */
export function accessLine(siteId: number, at: number, extra: Partial<AccessLogLine> = {}): string {
  const fields: AccessLogLine = {
    site: String(siteId),
    time: (at / 1000).toFixed(3),
    ip: '203.0.113.7',
    method: 'GET',
    host: 'a.stats.test',
    uri: '/index.html?v=1',
    status: '200',
    out: '1000',
    in: '200',
    rt: '0.012',
    ut: '0.010',
    ob: '900',
    cache: 'MISS',
    ref: '',
    ua: 'curl/8.0',
    scheme: 'http',
    proto: 'HTTP/1.1',
    tls: '',
    ...extra,
  };
  return JSON.stringify(fields);
}

/** One layer-4 session line as an edge's nginx writes it (contract STREAM_LOG_FIELDS). */
export function streamLine(ruleId: number, at: number, extra: Partial<StreamLogLine> = {}): string {
  const fields: StreamLogLine = {
    rule: String(ruleId),
    time: (at / 1000).toFixed(3),
    ip: '203.0.113.7',
    port: '40000',
    proto: 'TCP',
    st: '1.500',
    in: '100',
    out: '1000',
    uin: '1000',
    uout: '100',
    up: '10.0.0.5:22',
    status: '200',
    ...extra,
  };
  return JSON.stringify(fields);
}

let sequence = 0;

/**
 * Posts lines as a node's agent does (to edge/v1/logs unless `path` says another log); each call is
 * a new batch unless `batch` is given.
 */
export async function shipLogs(
  baseUrl: string,
  nodeToken: string,
  lines: string[],
  options: { batch?: string; dropped?: number; path?: string } = {},
) {
  const response = await fetch(`${baseUrl}/api/${options.path ?? EDGE_PATHS.logs}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${nodeToken}`,
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
      [EDGE_LOG_BATCH_HEADER]: options.batch ?? `1-${++sequence * 1000}`,
      [EDGE_LOG_DROPPED_HEADER]: String(options.dropped ?? 0),
    },
    body: gzipSync(lines.join('\n') + '\n'),
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string } };
}
