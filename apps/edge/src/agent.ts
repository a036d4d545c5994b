import type { EdgeBundle } from '@nimbus/contract';
import pkg from '../package.json' with { type: 'json' };
import { edgeApi } from './api-client';
import { applier, type Recovered } from './applier';
import { blocklistSource, parseWafEvent, sumByRange, wafSource } from './shared-lists';
import { reportLoop, sharedMemorySync } from './shared-sync';
import { layoutOf, type AgentConfig } from './config';
import { control } from './control';
import { geoLoop, refreshGeoTable } from './geo';
import { health } from './health';
import { heartbeatLoop } from './heartbeat';
import { mutex } from './mutex';
import { sleep, type Log } from './log';
import { requestLogKind, runShipper, streamLogKind } from './logs/shipper';
import { nginxGuard } from './nginx-guard';
import { createNginx } from './nginx-process';
import { pollLoop, type UpdateOutcome } from './poller';
import { outbox } from './reports';
import { readState, writeState } from './state';
import { taskRunner } from './tasks/task-runner';
import { resolverOf } from './upstreams';

export const AGENT_VERSION: string = pkg.version;
/** How often block counts and WAF events go to the console. */
const REPORT_EVERY_MS = 10_000;
/** How long a start waits for the country table before serving without it. */
const GEO_FIRST_TRY_MS = 5_000;

export async function runAgent(config: AgentConfig, log: Log): Promise<void> {
  const layout = layoutOf(config);
  const nginx = createNginx(config, layout, log);
  const ctl = control(config.controlPort, layout);
  const api = edgeApi(config.server, config.token);
  const apply = applier({ config, layout, nginx, control: ctl, log, resolve: resolverOf(config.resolver) });
  const nodeHealth = health();
  let stopping = false;
  const stopped = () => stopping;
  const syncDeps = { control: ctl, health: nodeHealth, log, stopped };
  const lists = [
    sharedMemorySync(blocklistSource(api), syncDeps),
    sharedMemorySync(wafSource(api), syncDeps),
  ];
  // A restart leaves out what nginx refuses, as an apply does, and says so again.
  const restart = async (version: number) => {
    const result = await apply.restart(version);
    for (const list of lists) list.restarted();
    if (result.ok && version > 0) reportApplied(version, result);
    return result;
  };
  const guard = nginxGuard({ nginx, health: nodeHealth, log, activate: restart });
  const reports = outbox(log);
  // One nginx change at a time: applies, restarts and the stop at exit never interleave.
  const exclusive = mutex();
  let applied = 0;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping${config.mode === 'managed' ? ' nginx and' : ''} the agent`);
    setTimeout(() => process.exit(1), 30_000).unref();
    await exclusive(() => nginx.stop()).catch((error: Error) => log(`stopping nginx: ${error.message}`));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  log(
    `nimbus-edge ${AGENT_VERSION}: ${config.mode} nginx, data in ${layout.dataDir}, console ${config.server}`,
  );
  await nginx.prepare();
  // The country table before nginx starts, so a new node's first start loads it; bounded, as the
  // console may be down (the loop below tries again and reloads nginx once it has it).
  const geoReady = await Promise.race([
    refreshGeoTable(api, layout, log).then(() => true),
    sleep(GEO_FIRST_TRY_MS).then(() => Promise.reject(new Error('the console did not answer in time'))),
  ]).catch((error: Error) => {
    log(`country table: ${error.message}`);
    return false;
  });
  const state = await readState(layout.stateFile);
  applied = state.appliedVersion;
  void heartbeatLoop({
    api,
    control: ctl,
    health: nodeHealth,
    log,
    nginxVersion: await nginx.version(),
    agentVersion: AGENT_VERSION,
    appliedVersion: () => applied,
    stopped,
  });

  // Serve what we have before asking the console anything: it may be down.
  let recovered: Recovered;
  for (;;) {
    try {
      recovered = await exclusive(() => guard.recovering(() => apply.recover(state.appliedVersion)));
      break;
    } catch (error) {
      log(`${(error as Error).message}; trying again in 10 s`);
      await sleep(10_000);
    }
  }
  applied = recovered.version;
  await writeState(layout.stateFile, { appliedVersion: applied });
  log(`serving v${applied}`);
  // Said again after every start: the report of the run that crashed may never have left, and
  // what this start had to leave out may differ from what the last one did.
  if (applied > 0) reportApplied(applied, recovered);
  // nginx writes requests.log and streams.log now; what it wrote while the agent was away is
  // shipped first. Each log has its own shipper: a console without the stream route yet (404,
  // kept spooled) never holds up the request log. --no-request-log: nginx writes neither, and
  // what an earlier run left unsent stays where it is, unsent.
  const shippedLogs = config.requestLog ? [requestLogKind(layout, api, log), streamLogKind(layout, api)] : [];
  for (const shipped of shippedLogs) void runShipper({ shipped, config, nginx, log, stopped });

  function reportApplied(version: number, { failures, summary }: Omit<Recovered, 'version'>) {
    if (failures.length > 0) log(`v${version} serves without ${failures.length} items nginx refused`);
    reports.push(`applied v${version}`, () =>
      api.report({ version, state: 'applied', failures, error: summary }),
    );
  }

  const settle = async (bundle: EdgeBundle): Promise<UpdateOutcome> => {
    const previous = applied;
    // Never restage the dir nginx serves from (the console answered an older number, say).
    if (bundle.version === previous) return 'applied';
    const result = await exclusive(async () =>
      stopping ? undefined : guard.apply(bundle.version, previous, () => apply.apply(bundle, previous)),
    );
    // Not the version's fault (nginx is not serving): no "failed" report, the poller retries it.
    if (!result || result === 'retry') return 'retry';
    const version = bundle.version;
    if (!result.ok) {
      log(`failed v${version}: ${result.error}`);
      reports.push(`failed v${version}`, () => api.report({ version, state: 'failed', error: result.error }));
      return 'failed';
    }
    applied = version;
    await writeState(layout.stateFile, { appliedVersion: version });
    log(`applied v${version}`);
    reportApplied(version, result);
    return 'applied';
  };

  // nginx serves now: the blocklist and WAF rules go into its memory, and what they refused or
  // recorded goes to the console.
  for (const list of lists) void list.run();
  void reportLoop({
    take: async () => [...(await ctl.takeBlockHits())].map(([range, count]) => ({ range, count })),
    report: (hits) => api.blockHits({ hits }),
    merge: sumByRange,
    everyMs: REPORT_EVERY_MS,
    keep: 100_000,
    stopped,
  });
  void reportLoop({
    take: async () => (await ctl.takeWafEvents()).flatMap((line) => parseWafEvent(line) ?? []),
    report: (events) => api.wafEvents(events),
    everyMs: REPORT_EVERY_MS,
    keep: 10_000,
    stopped,
  });

  void geoLoop(
    {
      api,
      layout,
      controlPort: config.controlPort,
      health: nodeHealth,
      log,
      // A plain reload of the config it serves: nimbus.geo reads the table again.
      reload: () => exclusive(async () => (!stopping && (await nginx.running()) ? nginx.load() : undefined)),
      stopped,
    },
    geoReady,
  );

  // A dead master is found and replaced between versions too, not only when one comes.
  void guard.supervise(() => applied, exclusive, stopped);

  // Origin names move: their answers are checked again and nginx reloaded when one changed,
  // inside the same lock as versions, so a refresh never interleaves with an apply.
  void (async () => {
    while (!stopping) {
      await sleep(config.resolveIntervalSeconds * 1000);
      await exclusive(async () => (stopping ? undefined : apply.refreshUpstreams(applied))).catch(
        (error: Error) => log(`resolving origins: ${error.message}`),
      );
    }
  })();

  await pollLoop({
    api,
    log,
    outbox: reports,
    applied: () => applied,
    stopped,
    runTasks: taskRunner(
      { control: ctl, cacheDir: layout.cacheDir, listenAddress: config.listenAddress },
      api,
      reports,
      log,
    ),
    update: async (version) => {
      let bundle: EdgeBundle;
      try {
        bundle = await api.bundle(version);
      } catch (error) {
        log(`could not fetch v${version}: ${(error as Error).message}`);
        return 'retry';
      }
      return settle(bundle);
    },
  });
}
