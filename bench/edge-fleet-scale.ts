import { onInterrupt, once } from './lib/cleanup';
import { originIs, startFleetConsole, type FleetConsole } from './lib/fleet-console';
import { table, verdict, type Outcome } from './lib/format';
import type { PoolMember } from './lib/nimbus';
import { cpuSeconds, descendants, openFilesLimit, totalCpuSeconds } from './lib/proc-cpu';
import { startSimFleet, type FleetCounts, type SimFleet, type SimNodeSpec } from './lib/sim-edge';
import { ms, percentile } from './lib/stats';

/** Issue 21 §3: a site change reaches every node's acknowledged bundle, p95 ≤ 5 s. */
export const FLEET_CHANGE_P95_TARGET_MS = 5_000;
/** Issue 21 §3: the console's CPU for the idle fleet, as a share of one core. */
export const FLEET_IDLE_CPU_TARGET = 0.1;
/** Between changes, so each one starts from a settled fleet. */
const PAUSE_MS = 1_000;
/** Changes made first in each configuration, not counted. */
const WARMUP_CHANGES = 1;
/** After the last change, before idle CPU is measured: answers and reports of it are over. */
const SETTLE_MS = 10_000;
const CHANGE_LIMIT_MS = 60_000;
const START_LIMIT_MS = 300_000;
const SOCKETS_PER_NODE = 4;

export interface FleetOptions {
  nodes: number;
  changes: number;
  cpuRounds: number;
  cpuSeconds: number;
  logLevel: string;
}

/**
 * One save's spread: each node's milliseconds from the save call to its acknowledgement
 * (Infinity: none within CHANGE_LIMIT_MS).
 */
export interface Change {
  nodeMs: number[];
  saveMs: number;
}

export interface CpuRound {
  /** Shares of one core over the round. */
  consoles: number[];
  postgres: number;
  generator: number;
  requestsPerSecond: number;
  /** The console's answers to the heartbeats of the round, p50 and p95 (ms). */
  heartbeatMs: [number, number];
}

export interface FleetResult {
  nodes: number;
  /** Making the console, the nodes (admin API) and the site; then the fleet's first acknowledgements. */
  setupMs: number;
  startMs: number;
  one: Change[];
  idle: CpuRound[];
  /** Two consoles: which console each node talked to, and the changes saved through the first. */
  two: { consoleOf: number[]; changes: Change[]; idle: CpuRound };
  failures: FleetCounts['failures'];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const total = (counts: FleetCounts) => Object.values(counts.requests).reduce((a, b) => a + b, 0);

/**
 * Each change moves the site's origin to a port no bundle held before, and waits for every node.
 * The first `warmup` are not counted: a console process just started (and the fleet's sockets
 * to it) would otherwise count its own warm-up.
 */
async function timeChanges(
  fleetConsole: FleetConsole,
  fleet: SimFleet,
  ports: number[],
  warmup: number,
): Promise<Change[]> {
  const changes: Change[] = [];
  for (const [i, port] of ports.entries()) {
    await sleep(PAUSE_MS);
    const acks = fleet.untilAll(originIs(port), CHANGE_LIMIT_MS);
    const started = performance.now();
    await fleetConsole.moveOrigin(port);
    const saveMs = performance.now() - started;
    // A node that never acknowledged counts as infinitely late: p95 then says so honestly.
    const nodeMs = (await acks).map((at) => (at === null ? Infinity : at - started));
    if (i >= warmup) changes.push({ nodeMs, saveMs });
  }
  return changes;
}

/** Every node acknowledged its first version, with the site at `port`: the fleet is up. */
async function upFleet(fleet: SimFleet, port: number): Promise<void> {
  const missing = (await fleet.untilAll(originIs(port), START_LIMIT_MS)).filter((at) => at === null).length;
  if (missing > 0)
    throw new Error(
      `${missing} of ${fleet.size} nodes did not acknowledge their first version within ${START_LIMIT_MS} ms`,
    );
}

/** CPU of the consoles (their own processes) and of PostgreSQL while the fleet only beats and waits. */
async function idleCpu(consolePids: number[], fleet: SimFleet, seconds: number): Promise<CpuRound> {
  const postgres = descendants(consolePids[0]!, 'postgres');
  const before = {
    consoles: consolePids.map(cpuSeconds),
    postgres: totalCpuSeconds(postgres),
    generator: process.cpuUsage(),
    requests: total(fleet.counts()),
    beats: fleet.counts().heartbeatMs.length,
    at: performance.now(),
  };
  await sleep(seconds * 1000);
  const elapsed = (performance.now() - before.at) / 1000;
  const generator = process.cpuUsage(before.generator);
  const beats = fleet.counts().heartbeatMs.slice(before.beats);
  return {
    consoles: consolePids.map((pid, i) => (cpuSeconds(pid) - before.consoles[i]!) / elapsed),
    postgres: (totalCpuSeconds(postgres) - before.postgres) / elapsed,
    generator: (generator.user + generator.system) / 1e6 / elapsed,
    requestsPerSecond: (total(fleet.counts()) - before.requests) / elapsed,
    heartbeatMs: [percentile(beats, 50), percentile(beats, 95)],
  };
}

/**
 * (l) The fleet against one console: changes, then idle CPU; then against two console processes
 * on one PostgreSQL, the nodes split between them and the changes saved through the first.
 */
export async function benchFleetScale(options: FleetOptions): Promise<FleetResult> {
  // Three long-polls per node, plus beats and pulls in flight, on each side of the connection.
  const files = options.nodes * SOCKETS_PER_NODE + 1_000;
  if (openFilesLimit() < files)
    throw new Error(
      `${options.nodes} nodes need about ${files} open files: raise \`ulimit -n\` (now ${openFilesLimit()})`,
    );
  let port = 20_000;
  const setupStarted = performance.now();
  const nextPorts = (n: number) => Array.from({ length: n }, () => ++port);
  const fleetConsole = await startFleetConsole({
    nodes: options.nodes,
    logLevel: options.logLevel,
    firstOriginPort: port,
  });
  let fleet: SimFleet | undefined;
  let member: PoolMember | undefined;
  const stop = once(async () => {
    await fleet?.stop();
    await member?.stop();
    await fleetConsole.stop();
  });
  const forget = onInterrupt(stop);
  try {
    const a = fleetConsole.nimbus;
    const specs = (server: (i: number) => string): SimNodeSpec[] =>
      fleetConsole.tokens.map((token, i) => ({ server: server(i), token }));
    const setupMs = performance.now() - setupStarted;
    const fleetStarted = performance.now();
    fleet = startSimFleet(specs(() => a.baseUrl));
    await upFleet(fleet, port);
    const startMs = performance.now() - fleetStarted;
    const one = await timeChanges(
      fleetConsole,
      fleet,
      nextPorts(WARMUP_CHANGES + options.changes),
      WARMUP_CHANGES,
    );
    await sleep(SETTLE_MS);
    const idle: CpuRound[] = [];
    for (let r = 0; r < options.cpuRounds; r++) idle.push(await idleCpu([a.pid], fleet, options.cpuSeconds));
    const failures = { ...fleet.counts().failures };
    await fleet.stop();

    member = await fleetConsole.startMember();
    const consoleOf = fleetConsole.tokens.map((_, i) => i % 2);
    const servers = [a.baseUrl, member.baseUrl];
    fleet = startSimFleet(specs((i) => servers[consoleOf[i]!]!));
    // A node that starts asks for its version anew, as an agent restarted on another console does.
    await upFleet(fleet, port);
    const changes = await timeChanges(
      fleetConsole,
      fleet,
      nextPorts(WARMUP_CHANGES + options.changes),
      WARMUP_CHANGES,
    );
    await sleep(SETTLE_MS);
    const twoIdle = await idleCpu([a.pid, member.pid], fleet, options.cpuSeconds);
    for (const [what, count] of Object.entries(fleet.counts().failures))
      failures[`two consoles, ${what}`] = count;
    return {
      nodes: options.nodes,
      setupMs,
      startMs,
      one,
      idle,
      two: { consoleOf, changes, idle: twoIdle },
      failures,
    };
  } finally {
    await stop();
    forget();
  }
}

const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
const late = (value: number) => (Number.isFinite(value) ? ms(value) : `> ${CHANGE_LIMIT_MS / 1000} s`);
const row = (what: string, times: number[], target: string, result: string) => [
  what,
  times.length,
  late(percentile(times, 50)),
  late(percentile(times, 95)),
  late(Math.max(...times)),
  times.filter((t) => !Number.isFinite(t)).length,
  target,
  result,
];
const p95s = (changes: Change[]) => changes.map((c) => percentile(c.nodeMs, 95));
const range = (values: number[], show: (v: number) => string) =>
  `min ${show(Math.min(...values))} · median ${show(percentile(values, 50))} · max ${show(Math.max(...values))}`;

export function printFleetScale(result: FleetResult): Outcome[] {
  console.log(
    `Console, ${result.nodes} nodes (admin API) and the site made in ${(result.setupMs / 1000).toFixed(1)} s; ` +
      `every node pulled and acknowledged its first version ${(result.startMs / 1000).toFixed(1)} s after the fleet started.`,
  );
  const oneMs = result.one.flatMap((c) => c.nodeMs);
  const twoMs = result.two.changes.flatMap((c) => c.nodeMs);
  const onConsole = (k: number) =>
    result.two.changes.flatMap((c) => c.nodeMs.filter((_, i) => result.two.consoleOf[i] === k));
  const refused = Object.values(result.failures).reduce((a, b) => a + b, 0);
  const changePass = percentile(oneMs, 95) <= FLEET_CHANGE_P95_TARGET_MS && refused === 0;
  const target = `p95 ≤ ${FLEET_CHANGE_P95_TARGET_MS} ms`;
  console.log(
    table(
      ['save → acknowledged by', 'acks due', 'p50', 'p95', 'max', 'missing', 'target', 'result'],
      [
        row(`every node, one console`, oneMs, target, verdict(changePass)),
        row(`every node, two consoles`, twoMs, '-', 'info'),
        row(`  nodes on console A (saved here)`, onConsole(0), '-', 'info'),
        row(`  nodes on console B`, onConsole(1), '-', 'info'),
      ],
    ),
  );
  console.log(
    `p95 of each change (${result.one.length} counted per configuration, after ${WARMUP_CHANGES} uncounted): one console ${range(p95s(result.one), late)}; ` +
      `two consoles ${range(p95s(result.two.changes), late)}; the save call itself: ` +
      `${range(
        [...result.one, ...result.two.changes].map((c) => c.saveMs),
        ms,
      )}`,
  );
  if (refused > 0) {
    console.log(`Requests of the fleet that failed (${refused}):`);
    for (const [what, count] of Object.entries(result.failures)) console.log(`  ${count} × ${what}`);
  }
  const cpuRow = (what: string, round: CpuRound) => [
    what,
    round.consoles.map(pct).join(' + '),
    pct(round.postgres),
    pct(round.generator),
    round.requestsPerSecond.toFixed(0),
    // None at all: every heartbeat of the round timed out (listed with the failures above).
    round.heartbeatMs.map((v) => (Number.isNaN(v) ? 'none answered' : ms(v))).join(' / '),
  ];
  console.log(
    table(
      [
        'idle fleet',
        'console CPU (of one core)',
        'PostgreSQL',
        'load generator',
        'edge requests/s',
        'heartbeat answered p50 / p95',
      ],
      [
        ...result.idle.map((round, i) => cpuRow(`one console, round ${i + 1}`, round)),
        cpuRow('two consoles (A + B)', result.two.idle),
      ],
    ),
  );
  const shares = result.idle.map((r) => r.consoles[0]!);
  const cpuPass = percentile(shares, 50) <= FLEET_IDLE_CPU_TARGET;
  console.log(
    `console CPU for ${result.nodes} idle nodes: ${range(shares, pct)} (median judged, target ≤ ` +
      `${pct(FLEET_IDLE_CPU_TARGET)} of one core) ${verdict(cpuPass)}`,
  );
  return [
    { name: `fleet of ${result.nodes}: save → acknowledged p95`, pass: changePass },
    { name: `fleet of ${result.nodes}: idle console CPU`, pass: cpuPass },
  ];
}
