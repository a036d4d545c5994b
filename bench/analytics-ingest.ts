import { gzipSync } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { EDGE_LOG_BATCH_HEADER, EDGE_PATHS, type AccessLogLine, type EdgeNodeSaved } from '@nimbus/contract';
import { from as copyFrom } from 'pg-copy-streams';
import { table, verdict, type Outcome } from './lib/format';
import { type RunningNimbus } from './lib/nimbus';
import { percentile } from './lib/stats';

/** Issue 19 §5: at least 50,000 lines a second end to end, and at least half a bare COPY's rate. */
export const INGEST_LINES_TARGET = 50_000;
export const INGEST_COPY_RATIO_TARGET = 0.5;

export interface IngestOptions {
  sites: number;
  lines: number;
  batchLines: number;
  concurrency: number;
  rounds: number;
}

export interface IngestRound {
  /** Lines per second until every batch was stored (acknowledged to the agent). */
  storedPerSecond: number;
  /** Lines per second until every batch was also summed into the rollups (end to end). */
  ingestPerSecond: number;
  copyPerSecond: number;
}

export interface IngestResult extends Omit<IngestOptions, 'rounds'> {
  rounds: IngestRound[];
}

/** `count` sites of the demo customer in one statement (their ids), and a node to ship as. */
async function seed(nimbus: RunningNimbus, count: number): Promise<{ siteIds: number[]; nodeToken: string }> {
  const admin = await nimbus.login('admin');
  const call = async <T>(path: string, body: unknown) => {
    const response = await fetch(`${nimbus.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { token: admin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; msg: string; data: T };
    if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  const groups = await nimbus.query<{ id: number }>('select id from edge_groups order by id limit 1');
  const groupId =
    groups[0]?.id ??
    (await call<{ id: number }>('sys/edge/group/save', { name: 'bench-logs', isDefault: true })).id;
  const node = await call<EdgeNodeSaved>('sys/edge/node/save', {
    name: 'bench-logs',
    ipv4: '198.51.100.250',
    groupId,
  });
  const rows = await nimbus.query<{ id: number }>(
    `insert into sites (customer_id, domain, cname_label, node_group_id, origin_protocol, balance, origins, revision)
     select (select id from customers where username = $1), 's' || g || '.bench-logs.example.com',
            'benchlogs' || lpad(g::text, 6, '0'), $3, 'http', 'round_robin',
            '[{"address":"127.0.0.1","httpPort":80,"httpsPort":443,"weight":1,"role":"main"}]'::jsonb, 0
     from generate_series(0, $2::int - 1) g returning id`,
    [nimbus.customer.username, count, groupId],
  );
  return { siteIds: rows.map((r) => r.id), nodeToken: node.token! };
}

/** Lines as a busy edge writes them: many sites, URLs, clients; mostly 200s, a share of hits. */
function makeLines(siteIds: number[], count: number, now: number): AccessLogLine[] {
  const lines: AccessLogLine[] = [];
  for (let i = 0; i < count; i++) {
    lines.push({
      site: String(siteIds[i % siteIds.length]),
      time: ((now - (i % 3_000_000)) / 1000).toFixed(3),
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i % 5000) & 255}`,
      method: 'GET',
      host: 'bench.example.com',
      uri: `/static/asset-${i % 1000}.js?v=${i % 7}`,
      status: i % 20 === 0 ? '404' : '200',
      out: String(500 + (i % 20_000)),
      in: '320',
      rt: '0.004',
      ut: i % 3 === 0 ? '' : '0.003',
      ob: i % 3 === 0 ? '' : '2048',
      cache: i % 3 === 0 ? 'HIT' : 'MISS',
      ref: i % 4 === 0 ? 'https://ref.example.com/' : '',
      ua: `Mozilla/5.0 bench-${i % 13}`,
      scheme: 'https',
      proto: 'HTTP/1.1',
      tls: 'TLSv1.3',
    });
  }
  return lines;
}

/** The same rows in COPY's text format, as the console writes them (region and ISP left empty). */
function copyText(lines: AccessLogLine[], nodeId: number, customerId: number): string[] {
  return lines.map(
    (l) =>
      [
        0,
        new Date(Number(l.time) * 1000).toISOString(),
        l.site,
        customerId,
        nodeId,
        l.ip,
        '',
        '',
        l.method,
        l.host,
        l.uri,
        l.status,
        l.out,
        l.in,
        l.ob || '0',
        Math.round(Number(l.rt) * 1000),
        l.ut ? Math.round(Number(l.ut) * 1000) : '\\N',
        l.cache || 'NONE',
        l.ref,
        l.ua,
        l.scheme,
        l.proto,
        l.tls,
      ].join('\t') + '\n',
  );
}

async function ship(
  nimbus: RunningNimbus,
  nodeToken: string,
  batches: Buffer[],
  round: number,
  concurrency: number,
) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < batches.length; i = next++) {
      const response = await fetch(`${nimbus.baseUrl}/api/${EDGE_PATHS.logs}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${nodeToken}`,
          'content-type': 'application/x-ndjson',
          'content-encoding': 'gzip',
          [EDGE_LOG_BATCH_HEADER]: `${round}-${i}`,
        },
        body: batches[i],
      });
      const answer = (await response.json()) as { code: number; msg: string };
      if (answer.code !== 1) throw new Error(`batch ${round}-${i}: ${answer.msg}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * (m) Access-log batches posted as agents post them (gzip NDJSON, `concurrency` at a time) until
 * the console has stored every line and its rollup job has summed them, beside a bare COPY of the
 * same rows into the same partitioned table over one connection, alternating per round.
 */
export async function benchIngest(nimbus: RunningNimbus, options: IngestOptions): Promise<IngestResult> {
  const { siteIds, nodeToken } = await seed(nimbus, options.sites);
  const [node] = await nimbus.query<{ id: number }>("select id from edge_nodes where name = 'bench-logs'");
  const lines = makeLines(siteIds, options.lines, Date.now() - 60_000);
  const batches: Buffer[] = [];
  for (let i = 0; i < lines.length; i += options.batchLines)
    batches.push(
      gzipSync(
        lines
          .slice(i, i + options.batchLines)
          .map((l) => JSON.stringify(l))
          .join('\n'),
      ),
    );
  const [owner] = await nimbus.query<{ id: number }>('select id from customers where username = $1', [
    nimbus.customer.username,
  ]);
  const copyRows = copyText(lines, node!.id, owner!.id);
  const rolledUp = async () => {
    for (;;) {
      const [left] = await nimbus.query<{ n: string }>(
        'select count(*) as n from log_batches where not rolled',
      );
      if (Number(left!.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // Warm-up: the day's partitions exist and the server's code paths are compiled before timing.
  await ship(nimbus, nodeToken, batches.slice(0, 2), 0, options.concurrency);
  await rolledUp();
  const rounds: IngestRound[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    let started = performance.now();
    await ship(nimbus, nodeToken, batches, round, options.concurrency);
    const storedPerSecond = options.lines / ((performance.now() - started) / 1000);
    await rolledUp();
    const ingestPerSecond = options.lines / ((performance.now() - started) / 1000);
    const client = await nimbus.client();
    try {
      started = performance.now();
      await pipeline(
        Readable.from(copyRows),
        client.query(
          copyFrom(
            `COPY access_logs (batch_seq, at, site_id, customer_id, node_id, client_ip, region, isp, method, host, uri, status, bytes_out,
             bytes_in, origin_bytes, request_ms, upstream_ms, cache, referer, user_agent, scheme, protocol, tls) FROM STDIN`,
          ),
        ),
      );
      const copyPerSecond = options.lines / ((performance.now() - started) / 1000);
      rounds.push({ storedPerSecond, ingestPerSecond, copyPerSecond });
    } finally {
      await client.end();
    }
  }
  return { ...options, rounds };
}

export function printIngest(result: IngestResult): Outcome[] {
  const perSecond = (n: number) => `${Math.round(n).toLocaleString('en')}/s`;
  console.log(
    table(
      ['round', 'Nimbus stored (lines/s)', 'stored + rolled up (lines/s)', 'bare COPY (rows/s)', 'ratio'],
      result.rounds.map((r, i) => [
        i + 1,
        perSecond(r.storedPerSecond),
        perSecond(r.ingestPerSecond),
        perSecond(r.copyPerSecond),
        (r.ingestPerSecond / r.copyPerSecond).toFixed(2),
      ]),
    ),
  );
  const ingest = result.rounds.map((r) => r.ingestPerSecond);
  const ratios = result.rounds.map((r) => r.ingestPerSecond / r.copyPerSecond);
  const median = percentile(ingest, 50);
  const ratio = percentile(ratios, 50);
  const ratePass = median >= INGEST_LINES_TARGET;
  const ratioPass = ratio >= INGEST_COPY_RATIO_TARGET;
  console.log(
    `end to end (stored and rolled up) median ${perSecond(median)} (rounds min ${perSecond(Math.min(...ingest))} · max ${perSecond(Math.max(...ingest))}); ` +
      `target ≥ ${perSecond(INGEST_LINES_TARGET)}: ${verdict(ratePass)}`,
  );
  console.log(
    `ingest / bare COPY median ${ratio.toFixed(2)}× (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); ` +
      `target ≥ ${INGEST_COPY_RATIO_TARGET}×: ${verdict(ratioPass)}`,
  );
  return [
    { name: 'log ingest lines per second', pass: ratePass },
    { name: 'log ingest vs bare COPY', pass: ratioPass },
  ];
}
