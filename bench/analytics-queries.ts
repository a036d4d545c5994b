import { ANALYTICS_PATHS, defaultInterval, type EdgeNodeSaved } from '@nimbus/contract';
import { table, verdict, type Outcome } from './lib/format';
import { type RunningNimbus } from './lib/nimbus';
import { ms, percentile } from './lib/stats';

/** Issue 19 §5: over 30 days, 100 sites and 10 million requests, p99 of each screen's query. */
export const QUERY_TARGETS_MS = { traffic: 50, topUrls7d: 200, requestLog: 200 } as const;
type QueryName = keyof typeof QUERY_TARGETS_MS;

export interface QueryOptions {
  sites: number;
  requests: number;
  days: number;
  /** Timed calls of each query per round. */
  calls: number;
  rounds: number;
}

export interface QueryResult extends Omit<QueryOptions, 'rounds'> {
  seedSeconds: number;
  /** Per round, each query's p50 and p99 in ms. */
  rounds: Record<QueryName, { p50: number; p99: number }>[];
}

const DAY = 86_400_000;

/**
 * `count` sites of the demo customer, a node, and `requests` raw rows spread evenly over the
 * last `days` days (one batch per day, made in SQL: the ingest bench times the ingest itself).
 * Then the console's own jobs roll them up and write the finished days' and hours' top lists.
 */
async function seed(nimbus: RunningNimbus, options: QueryOptions): Promise<void> {
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
  const [group] = await nimbus.query<{ id: number }>('select id from edge_groups order by id limit 1');
  const groupId =
    group?.id ?? (await call<{ id: number }>('sys/edge/group/save', { name: 'bench-q', isDefault: true })).id;
  const node = await call<EdgeNodeSaved>('sys/edge/node/save', {
    name: 'bench-q',
    ipv4: '198.51.100.251',
    groupId,
  });
  const [owner] = await nimbus.query<{ id: number }>('select id from customers where username = $1', [
    nimbus.customer.username,
  ]);
  const sites = await nimbus.query<{ id: number }>(
    `insert into sites (customer_id, domain, cname_label, node_group_id, origin_protocol, balance, origins, revision)
     select $1, 's' || g || '.bench-q.example.com', 'benchq' || lpad(g::text, 6, '0'), $3, 'http', 'round_robin',
            '[{"address":"127.0.0.1","httpPort":80,"httpsPort":443,"weight":1,"role":"main"}]'::jsonb, 0
     from generate_series(0, $2::int - 1) g returning id`,
    [owner!.id, options.sites, groupId],
  );
  const siteIds = sites.map((s) => s.id);
  const now = Date.now();
  const perDay = Math.round(options.requests / options.days);
  for (let day = options.days - 1; day >= 0; day--) {
    const end = now - day * DAY;
    const start = end - DAY;
    for (const utcDay of new Set([Math.floor(start / DAY), Math.floor((end - 1) / DAY)])) {
      const name = `access_logs_${new Date(utcDay * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`;
      await nimbus.query(
        `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF access_logs
         FOR VALUES FROM ('${new Date(utcDay * DAY).toISOString()}') TO ('${new Date((utcDay + 1) * DAY).toISOString()}')`,
      );
    }
    // The batch and its rows in one transaction, as the ingest stores them: the rollup job (every
    // minute) must never see the batch without its rows (it would sum it empty and mark it rolled).
    const client = await nimbus.client();
    await client.query('BEGIN');
    const {
      rows: [batch],
    } = await client.query<{ seq: string }>(
      `insert into log_batches (node_id, batch, lines, dropped) values ($1, $2, $3, 0) returning seq`,
      [node.node.id, `1-${day}`, perDay],
    );
    // Clients, URLs and agents repeat as on a real site: 5,000 pages, 20,000 clients, 13 agents.
    await client.query(
      `insert into access_logs (batch_seq, at, site_id, customer_id, node_id, client_ip, region, isp, method, host,
         uri, status, bytes_out, bytes_in, origin_bytes, request_ms, upstream_ms, cache, referer, user_agent, scheme,
         protocol, tls)
       select $1, to_timestamp(($2::bigint + g * $3::float8) / 1000), ($4::int[])[1 + g % $5], $6, $7,
         '10.1.' || (g % 20000 / 256) || '.' || (g % 256), '', '', 'GET', 'bench-q.example.com',
         '/p/' || (g::bigint * 7919 % 5000) || '.html?v=' || (g % 7), case when g % 20 = 0 then 404 else 200 end,
         500 + g % 20000, 320, 2048, 4, 3, case when g % 3 = 0 then 'HIT' else 'MISS' end,
         case when g % 4 = 0 then 'https://ref.example.com/' else '' end, 'Mozilla/5.0 bench-' || (g % 13),
         'https', 'HTTP/1.1', 'TLSv1.3'
       from generate_series(0, $8::int - 1) g`,
      [batch!.seq, start, DAY / perDay, siteIds, siteIds.length, owner!.id, node.node.id, perDay],
    );
    await client.query('COMMIT');
    await client.end();
  }
  await nimbus.query('vacuum analyze access_logs');
  // The console's jobs: the rollup (every minute) and the top lists (every 5 minutes: finished
  // days, and the finished hours of today), asked for now rather than waited for.
  const addJob = (job: string) =>
    nimbus.query(`select graphile_worker.add_job($1, '{}'::json, queue_name => $1, job_key => $1)`, [job]);
  for (const job of ['analytics-rollup', 'analytics-top-lists']) await addJob(job);
  for (;;) {
    const [left] = await nimbus.query<{ batches: string; lists: string }>(
      `select (select count(*) from log_batches where not rolled) as batches,
              (select count(*) from traffic_top_pending where day <= now() - interval '1 day 10 minutes')
              + (select count(*) from traffic_top_pending_hours
                 where hour >= now() - interval '1 day' and hour <= now() - interval '1 hour 5 minutes') as lists`,
    );
    if (Number(left!.batches) === 0 && Number(left!.lists) === 0) break;
    if (Number(left!.batches) === 0) await addJob('analytics-top-lists');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await nimbus.query(
    'vacuum analyze traffic_minutes, traffic_hours, traffic_top_days, customer_top_days, customer_top_hours',
  );
}

/**
 * (m) The analytics screens' queries over a month of traffic: the traffic chart of 30 days (its
 * default interval), the top URLs of 7 days, and the request log's first page of today, each
 * called one at a time as the customer over all their sites (the screens' default); p50 and p99
 * per round.
 */
export async function benchQueries(nimbus: RunningNimbus, options: QueryOptions): Promise<QueryResult> {
  const started = performance.now();
  await seed(nimbus, options);
  const seedSeconds = (performance.now() - started) / 1000;
  const token = await nimbus.login('customer');
  const now = Date.now();
  const since = (days: number) => ({
    startTime: new Date(now - days * DAY).toISOString(),
    endTime: new Date(now).toISOString(),
  });
  const bodies: Record<QueryName, [string, unknown]> = {
    traffic: [ANALYTICS_PATHS.traffic, { interval: defaultInterval(30 * DAY), ...since(30) }],
    topUrls7d: [ANALYTICS_PATHS.top, { dimension: 'url', limit: 20, ...since(7) }],
    requestLog: [ANALYTICS_PATHS.requests, { limit: 20, ...since(1) }],
  };
  const timed = async ([path, body]: [string, unknown]) => {
    const begun = performance.now();
    const response = await fetch(`${nimbus.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; msg: string };
    if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
    return performance.now() - begun;
  };
  for (const query of Object.values(bodies)) await timed(query); // warm-up
  const rounds: QueryResult['rounds'] = [];
  for (let round = 0; round < options.rounds; round++) {
    const figures = {} as QueryResult['rounds'][number];
    for (const [name, query] of Object.entries(bodies) as [QueryName, [string, unknown]][]) {
      const times: number[] = [];
      for (let i = 0; i < options.calls; i++) times.push(await timed(query));
      figures[name] = { p50: percentile(times, 50), p99: percentile(times, 99) };
    }
    rounds.push(figures);
  }
  return { ...options, seedSeconds, rounds };
}

export function printQueries(result: QueryResult): Outcome[] {
  console.log(`seeded and rolled up in ${result.seedSeconds.toFixed(0)} s`);
  const names = Object.keys(QUERY_TARGETS_MS) as QueryName[];
  const outcomes = names.map((name) => {
    const p50s = result.rounds.map((r) => r[name].p50);
    const p99s = result.rounds.map((r) => r[name].p99);
    const median = percentile(p99s, 50);
    return { name, median, p50s, p99s, pass: median <= QUERY_TARGETS_MS[name] };
  });
  console.log(
    table(
      [
        'query',
        `p50 per round (${result.calls} calls each)`,
        'p99 per round',
        'median of p99s',
        'target',
        'result',
      ],
      outcomes.map((o) => [
        o.name,
        o.p50s.map(ms).join(' · '),
        o.p99s.map(ms).join(' · '),
        ms(o.median),
        `≤ ${QUERY_TARGETS_MS[o.name]} ms`,
        verdict(o.pass),
      ]),
    ),
  );
  return outcomes.map((o) => ({ name: `analytics ${o.name} p99`, pass: o.pass }));
}
