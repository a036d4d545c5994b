import { Resolver } from 'node:dns/promises';
import fs from 'node:fs';
import path from 'node:path';
import { DNS_PATHS } from '@nimbus/contract';
import { drive, type Drive } from './lib/commerce';
import { table, verdict, type Outcome } from './lib/format';
import {
  listOnce,
  listRounds,
  p99Ratio,
  printListRounds,
  type ListRound,
  type ListRoundsOptions,
} from './lib/list-rounds';
import { type RunningNimbus } from './lib/nimbus';
import { freePort } from './lib/ports';
import { percentile } from './lib/stats';

/** Issue 9 §8: the record list of a 100,000-record zone answers within 30 ms at p99 (median of rounds). */
export const DNS_LIST_P99_TARGET_MS = 30;
/** Issue 9 §8's anchor: changes per second measured once against the bare PowerDNS API (not this run). */
export const BARE_PDNS_ANCHOR_PER_SECOND = 134;

const LIST_PATH = `/api/${DNS_PATHS.recordList}`;
const SAMPLE = 20;

/**
 * The addresses Nimbus's embedded PowerDNS servers take, on ports free now: the defaults
 * (127.0.0.1:5300, :8081, :5301, :8082) may belong to another Nimbus on this machine.
 */
export async function powerDnsEnv(): Promise<Record<string, string>> {
  const [dns, api, recursorDns, recursorApi] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  return {
    PDNS_DNS_ADDRESS: `127.0.0.1:${dns}`,
    PDNS_API_ADDRESS: `127.0.0.1:${api}`,
    PDNS_RECURSOR_DNS_ADDRESS: `127.0.0.1:${recursorDns}`,
    PDNS_RECURSOR_API_ADDRESS: `127.0.0.1:${recursorApi}`,
  };
}

/** What the bench needs of the PowerDNS Nimbus started: its API (key from DATA_DIR) and DNS address. */
export interface PowerDnsAccess {
  apiUrl: string;
  apiKey: string;
  dns: { host: string; port: number };
}

export function powerDnsAccess(nimbus: RunningNimbus, env: Record<string, string>): PowerDnsAccess {
  const keyFile = path.join(nimbus.dataDir, 'powerdns', 'api.key');
  if (!fs.existsSync(keyFile))
    throw new Error(
      `${keyFile} is missing: Nimbus did not start PowerDNS (apt-get install pdns-server pdns-backend-lmdb)`,
    );
  const [host, port] = env.PDNS_DNS_ADDRESS!.split(':');
  return {
    apiUrl: `http://${env.PDNS_API_ADDRESS}`,
    apiKey: fs.readFileSync(keyFile, 'utf8').trim(),
    dns: { host: host!, port: Number(port) },
  };
}

async function nimbusCall<T>(nimbus: RunningNimbus, token: string, route: string, body: unknown): Promise<T> {
  const response = await fetch(`${nimbus.baseUrl}/api/${route}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const envelope = JSON.parse(text) as { code?: number; data?: T };
  if (response.status !== 200 || envelope.code !== 1)
    throw new Error(`${route} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  return envelope.data as T;
}

async function pdnsCall(pdns: PowerDnsAccess, method: string, route: string, body: unknown): Promise<void> {
  const response = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost${route}`, {
    method,
    headers: { 'X-API-Key': pdns.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`PowerDNS ${method} ${route}: HTTP ${response.status} ${text.slice(0, 300)}`);
}

/** A distinct IPv4 address for change n (10.0.0.0/8: private, never a real answer). */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

// ---------------------------------------------------------------------------------------------
// (i) record changes per second

export interface DnsChangeOptions {
  /** Saves per round (each of a distinct record), for Nimbus and as many PATCHes for the baseline. */
  changes: number;
  concurrency: number;
  rounds: number;
  /** Saves (and PATCHes) before the rounds, not counted. */
  warmup: number;
}

export interface DnsChangeResult {
  options: DnsChangeOptions;
  zones: { nimbus: string; bare: string };
  rounds: { bare: Drive; nimbus: Drive; ratio: number }[];
  /** Sampled names of the saved records, and what PowerDNS answered for them. */
  check: { asked: number; answered: number; wrong: string[] };
}

/**
 * (i) POST app/dns/record/save of distinct A records into one zone (each one its own record set:
 * Nimbus locks the zone, checks the host, inserts the row and PATCHes the set to PowerDNS before it
 * commits), `concurrency` at a time; beside as many bare PATCHes (one REPLACE record set each) to
 * the same PowerDNS's API into a zone of its own, at the same concurrency. Both zones grow alike.
 */
export async function benchChanges(
  nimbus: RunningNimbus,
  pdns: PowerDnsAccess,
  options: DnsChangeOptions,
): Promise<DnsChangeResult> {
  const token = await nimbus.login('customer');
  const stamp = Date.now().toString(36);
  const zones = { nimbus: `changes-${stamp}.nimbus-bench.com`, bare: `bare-${stamp}.nimbus-bench.com` };
  const zone = await nimbusCall<{ id: number }>(nimbus, token, DNS_PATHS.zoneCreate, { name: zones.nimbus });
  await pdnsCall(pdns, 'POST', '/zones?rrsets=false', {
    name: `${zones.bare}.`,
    kind: 'Native',
    nameservers: [`ns1.${zones.bare}.`],
  });
  const bareRoute = `/zones/${encodeURIComponent(`${zones.bare}.`)}`;
  const save = (host: string, n: number) =>
    nimbusCall(nimbus, token, DNS_PATHS.recordSave, {
      zoneId: zone.id,
      hostRecord: host,
      recordType: 'A',
      recordValue: addressOf(n),
      ttl: 600,
    }).then(() => undefined);
  const patch = (host: string, n: number) =>
    pdnsCall(pdns, 'PATCH', bareRoute, {
      rrsets: [
        {
          name: `${host}.${zones.bare}.`,
          type: 'A',
          ttl: 600,
          changetype: 'REPLACE',
          records: [{ content: addressOf(n), disabled: false }],
        },
      ],
    });
  const batch = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, n) => ({ host: `${prefix}-${n}`, n }));
  const failedOf = (name: string, d: Drive) => {
    if (d.failed) throw new Error(`${d.failed} of ${d.count} ${name} failed; the first: ${d.firstFailure}`);
    return d;
  };

  if (options.warmup > 0) {
    failedOf(
      'bare warm-up PATCHes',
      await drive(batch('warm', options.warmup), options.concurrency, (i) => patch(i.host, i.n)),
    );
    failedOf(
      'warm-up saves',
      await drive(batch('warm', options.warmup), options.concurrency, (i) => save(i.host, i.n)),
    );
  }
  const rounds: DnsChangeResult['rounds'] = [];
  const saved: { host: string; n: number }[] = [];
  for (let r = 1; r <= Math.max(1, options.rounds); r++) {
    const items = batch(`r${r}`, options.changes);
    const bare = failedOf('bare PATCHes', await drive(items, options.concurrency, (i) => patch(i.host, i.n)));
    const ours = failedOf('Nimbus saves', await drive(items, options.concurrency, (i) => save(i.host, i.n)));
    rounds.push({ bare, nimbus: ours, ratio: ours.perSecond / bare.perSecond });
    saved.push(...items);
  }

  // PowerDNS itself must answer what Nimbus saved: a sample spread over every round.
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  resolver.setServers([`${pdns.dns.host}:${pdns.dns.port}`]);
  const step = Math.max(1, Math.floor(saved.length / SAMPLE));
  const sample = saved.filter((_, index) => index % step === 0).slice(0, SAMPLE);
  const wrong: string[] = [];
  for (const item of sample) {
    const name = `${item.host}.${zones.nimbus}`;
    const answer = await resolver.resolve4(name).catch((error: Error) => [`error ${error.message}`]);
    if (answer.length !== 1 || answer[0] !== addressOf(item.n))
      wrong.push(`${name} → ${answer.join(', ') || 'nothing'}`);
  }
  return {
    options,
    zones,
    rounds,
    check: { asked: sample.length, answered: sample.length - wrong.length, wrong },
  };
}

export function printChanges(result: DnsChangeResult): Outcome {
  const rows = result.rounds.flatMap((round, r) =>
    (
      [
        ['bare PowerDNS API PATCH', round.bare],
        ['Nimbus record/save', round.nimbus],
      ] as const
    ).map(([name, d]) => [
      r + 1,
      name,
      d.count,
      (d.elapsedMs / 1000).toFixed(2),
      d.perSecond.toFixed(0),
      d.p50.toFixed(1),
      d.p99.toFixed(1),
      d.failed,
      d === round.nimbus ? `${round.ratio.toFixed(2)}×` : '',
    ]),
  );
  console.log(
    table(['round', 'changes by', 'changes', 's', 'changes/s', 'p50 ms', 'p99 ms', 'failed', 'ratio'], rows),
  );
  const rate = (values: number[]) =>
    `min ${Math.min(...values).toFixed(0)} · median ${percentile(values, 50).toFixed(0)} · max ${Math.max(...values).toFixed(0)} changes/s`;
  const bare = result.rounds.map((r) => r.bare.perSecond);
  const ours = result.rounds.map((r) => r.nimbus.perSecond);
  const ratios = result.rounds.map((r) => r.ratio);
  console.log(
    `bare PowerDNS API: ${rate(bare)} (the issue's anchor: about ${BARE_PDNS_ANCHOR_PER_SECOND}/s)`,
  );
  console.log(`Nimbus record/save: ${rate(ours)}`);
  console.log(
    `ratio Nimbus / bare: min ${Math.min(...ratios).toFixed(2)}× · median ${percentile(ratios, 50).toFixed(2)}× · ` +
      `max ${Math.max(...ratios).toFixed(2)}× (no target: info)`,
  );
  const pass = result.check.wrong.length === 0;
  console.log(
    `PowerDNS answers the saved records (UDP queries for ${result.check.asked} sampled names of ${result.zones.nimbus}): ` +
      `${result.check.answered}/${result.check.asked} right ${verdict(pass)}` +
      (pass ? '' : `\n  ${result.check.wrong.slice(0, 5).join('\n  ')}`),
  );
  return { name: 'DNS record changes answered by PowerDNS', pass };
}

// ---------------------------------------------------------------------------------------------
// (ii) record list of a 100,000-record zone

export interface DnsListOptions extends ListRoundsOptions {
  records: number;
}

export interface DnsListResult {
  records: number;
  zone: string;
  keyword: { text: string; matches: number };
  rounds: ListRound<'page' | 'keyword'>[];
  /** EXPLAIN (ANALYZE, BUFFERS) of the query the server runs, after the rounds (warm cache). */
  plans: { page: string[]; keyword: string[] };
}

/**
 * The SQL of dnsRecordRepository.page (apps/server/src/modules/dns-zone/dns-zone.repository.ts)
 * as drizzle sends it: the page of rows, each carrying the total of the filter (totalColumn).
 */
function listSql(keyword: boolean): string {
  const where = keyword
    ? `"dns_records"."zone_id" = $1 and ("dns_records"."host" like $2 or "dns_records"."value" like $2)`
    : `"dns_records"."zone_id" = $1`;
  return `select "id", "zone_id", "host", "type", "line", "value", "ttl", "priority", "enabled", "remark",
                 "created_at", (select count(*) from "dns_records" where ${where})
          from "dns_records" where ${where}
          order by "dns_records"."id" desc limit 20`;
}

async function explain(nimbus: RunningNimbus, zoneId: number, keyword?: string): Promise<string[]> {
  const values = keyword === undefined ? [zoneId] : [zoneId, `${keyword}%`];
  let plan: { 'QUERY PLAN': string }[] = [];
  // The last of three: a warm cache, as under load.
  for (let i = 0; i < 3; i++)
    plan = await nimbus.query(`explain (analyze, buffers) ${listSql(keyword !== undefined)}`, values);
  return plan.map((row) => row['QUERY PLAN']);
}

/** The hosts' first labels; the prefix search asks for one of them and the start of a number. */
const HOST_WORDS = ['www', 'api', 'mail', 'cdn', 'img', 'app', 'dev', 'shop'];
const KEYWORD = 'api-12';

/**
 * `records` rows into the zone in one statement: hosts `<word>-<g>`, 70 % A, 10 % AAAA, 10 % CNAME,
 * 5 % TXT, 5 % MX, as the save would store them. Only Nimbus's table: the list reads nothing else,
 * so PowerDNS is not told about them.
 */
async function seedRecords(nimbus: RunningNimbus, zoneId: number, records: number): Promise<void> {
  await nimbus.query(
    `insert into dns_records (zone_id, host, type, line, value, ttl, priority, enabled, remark)
     select $1::int, ($3::text[])[1 + g % array_length($3::text[], 1)] || '-' || g, t.type, 'default',
            case t.type
              when 'A' then '10.' || (g >> 16) % 256 || '.' || (g >> 8) % 256 || '.' || g % 256
              when 'AAAA' then '2001:db8::' || to_hex(g)
              when 'CNAME' then 'origin-' || g || '.example.net'
              when 'TXT' then 'v=spf1 ip4:10.0.0.' || g % 256 || ' -all'
              else 'mx' || g % 4 || '.example.net' end,
            600, case when t.type = 'MX' then 10 end, g % 50 <> 0, ''
     from generate_series(1, $2::int) g,
          lateral (select (array['A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A',
                                 'AAAA', 'AAAA', 'CNAME', 'CNAME', 'TXT', 'MX'])[1 + (hashint4(g) & 1048575) % 20] as type) t`,
    [zoneId, records, HOST_WORDS],
  );
  await nimbus.query('vacuum analyze dns_records');
}

/**
 * (ii) POST app/dns/record/list on a zone of `records` records (autocannon): page 1, and a prefix
 * keyword; beside a bare Fastify process answering the same page of JSON (same load, same run).
 */
export async function benchRecordList(
  nimbus: RunningNimbus,
  options: DnsListOptions,
): Promise<DnsListResult> {
  const token = await nimbus.login('customer');
  const name = `list-${Date.now().toString(36)}.nimbus-bench.com`;
  const zone = await nimbusCall<{ id: number }>(nimbus, token, DNS_PATHS.zoneCreate, { name });
  await seedRecords(nimbus, zone.id, options.records);
  const headers = { token, 'content-type': 'application/json' };
  const pageBody = JSON.stringify({ zoneId: zone.id, page: 1, limit: 20 });
  const keywordBody = JSON.stringify({ zoneId: zone.id, page: 1, limit: 20, keyword: KEYWORD });
  const requests = { path: LIST_PATH, headers };
  const page = await listOnce(nimbus, 'record list', requests, pageBody);
  if (page.totalCount !== options.records || page.rows !== Math.min(20, options.records))
    throw new Error(
      `the list counts ${page.totalCount} records (${page.rows} on page 1), not ${options.records}`,
    );
  const keyword = await listOnce(nimbus, 'record list', requests, keywordBody);
  const [expected] = await nimbus.query<{ n: number }>(
    `select count(*)::int n from dns_records where zone_id = $1 and (host like $2 || '%' or value like $2 || '%')`,
    [zone.id, KEYWORD],
  );
  if (keyword.totalCount !== expected!.n || expected!.n === 0)
    throw new Error(`the keyword list counts ${keyword.totalCount} records, the table ${expected!.n}`);

  const rounds = await listRounds(
    nimbus,
    {
      ...requests,
      baseline: { body: pageBody, answer: page.text },
      bodies: { page: pageBody, keyword: keywordBody },
    },
    options,
  );
  const plans = { page: await explain(nimbus, zone.id), keyword: await explain(nimbus, zone.id, KEYWORD) };
  return {
    records: options.records,
    zone: name,
    keyword: { text: KEYWORD, matches: keyword.totalCount },
    rounds,
    plans,
  };
}

export function printRecordList(result: DnsListResult): Outcome[] {
  const names = {
    baseline: 'bare Fastify, same JSON',
    page: 'Nimbus page 1 (limit 20)',
    keyword: `Nimbus keyword "${result.keyword.text}" (${result.keyword.matches} matches)`,
  };
  const { outcomes, series } = printListRounds({
    rounds: result.rounds,
    names,
    targetMs: DNS_LIST_P99_TARGET_MS,
    judged: { page: 'DNS record list page 1 p99', keyword: 'DNS record list keyword p99' },
  });
  const ratio = (kind: 'page' | 'keyword') => p99Ratio(series[kind], series.baseline);
  console.log(
    `p99 ratio Nimbus / bare handler (medians): page 1 ${ratio('page')}×, keyword ${ratio('keyword')}× (info)`,
  );
  const time = (plan: string[]) => plan.filter((line) => /^(Planning|Execution) Time/.test(line)).join(', ');
  console.log(
    `The list's SQL alone (EXPLAIN ANALYZE after the rounds, one query, no load): page 1 ${time(result.plans.page)}; ` +
      `keyword ${time(result.plans.keyword)}`,
  );
  for (const [index, kind] of (['page', 'keyword'] as const).entries()) {
    if (outcomes[index]!.pass) continue;
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of ${names[kind]}:\n  ${result.plans[kind].join('\n  ')}`);
  }
  return outcomes;
}
