import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PG_PASSWORD, PG_USER } from '../../../test/global-setup';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startConsoleProcess, type ConsoleProcess } from '../../../test/support/console-process';
import { eventually } from '../../../test/support/edge-fleet';
import { logCapture, type LogLine } from '../../../test/support/log-capture';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';

/*
 * Issue 21 §1 and §3: what must happen once happens once in a pool of three consoles on one
 * PostgreSQL and one PowerDNS. A is this test's in-process console, B and C are real `npm start`
 * processes; every job run is a `job ran` line in one of their logs (job-run.ts), so the lines of
 * the three together count the runs.
 */
let pdns: TestPowerDns;
let a: TestServer;
let b: ConsoleProcess;
let c: ConsoleProcess;
let customer: string;
const aLog = logCapture();

const parsed = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** The runs of job `name` whose line was written at `from` or later, in every process. */
const runs = (name: string, from: number, to = Infinity) =>
  [...aLog.lines, ...parsed(b.output()), ...parsed(c.output())].filter(
    (line) =>
      line.job === name &&
      line.msg === 'job ran' &&
      (line.time as number) >= from &&
      (line.time as number) < to,
  );

const waiting = async (name: string) => {
  const { rows } = await a.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${name}`,
  );
  return rows[0]!.n;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  pdns = await startPowerDns();
  a = await startTestServer({ logStream: aLog.stream, dns: pdns.servers });
  await a.allowOrigins();
  const { port, database } = a.database.pool.options;
  const databaseUrl = `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${database}`;
  const env = { ...pdns.env, LOG_LEVEL: 'info' };
  [b, c] = await Promise.all([startConsoleProcess(databaseUrl, env), startConsoleProcess(databaseUrl, env)]);
  const admin = await a.login('admin');
  customer = await a.login('customer');
  await a.call('POST', 'sys/edge/group/save', { token: admin, body: { name: 'Once', isDefault: true } });
}, 120_000);

afterAll(async () => {
  await Promise.all([b?.kill(), c?.kill()]);
  await a?.close();
  await pdns?.stop();
});

it('runs each minute cron of the three processes once per minute', async () => {
  // The next minute starts after all three have their cron timers set.
  const slot = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
  await sleep(slot - Date.now() + 10_000);
  for (const name of ['order-timeout', 'node-monitor-kick'])
    expect(runs(name, slot - 1_000, slot + 10_000)).toHaveLength(1);
}, 90_000);

it('runs the CNAME-zone sync that every process asks for on each of 100 site saves once', async () => {
  // Clear of the minute's own cron run of the same job, and of syncs the set-up asked for.
  if (new Date().getSeconds() > 25) await sleep(70_000 - (Date.now() % 60_000));
  await eventually(async () => (await waiting('cname-zone-sync')) === 0, 10_000, 'no sync waiting');
  const from = Date.now();
  const saves = Array.from({ length: 100 }, (_, n) => async () => {
    const via = n % 2 === 0 ? b : c;
    const response = await fetch(`${via.baseUrl}/api/app/site/domain/create`, {
      method: 'POST',
      headers: { token: customer, 'content-type': 'application/json' },
      body: JSON.stringify({
        domain: `www.once-${n}.test`,
        origins: [{ address: '127.0.0.1', httpPort: 8080 }],
        httpPorts: [80],
      }),
    });
    return ((await response.json()) as { code: number; msg: string }).code;
  });
  // How often it was asked for: each add to the waiting job raises its revision.
  let asked = 0;
  const watch = setInterval(() => {
    void a.database.db
      .execute<{ n: number }>(
        sql`select max(revision)::int + 1 as n from graphile_worker.jobs where task_identifier = 'cname-zone-sync'`,
      )
      .then(({ rows }) => (asked = Math.max(asked, rows[0]?.n ?? 0)));
  }, 50);
  try {
    // Ten at a time: saves keep arriving well within the sync's one-second coalescing window.
    const codes: number[] = [];
    for (let i = 0; i < saves.length; i += 10)
      codes.push(...(await Promise.all(saves.slice(i, i + 10).map((save) => save()))));
    expect(codes.filter((code) => code !== 1)).toEqual([]);
    await eventually(
      async () => (await waiting('cname-zone-sync')) === 0 && runs('cname-zone-sync', from).length > 0,
      20_000,
      'the sync',
    );
    await sleep(2_000);
  } finally {
    clearInterval(watch);
  }
  expect(runs('cname-zone-sync', from)).toHaveLength(1);
  expect(asked).toBeGreaterThanOrEqual(100);
}, 150_000);
