import {
  NODE_MONITOR_VIEW_FRESH_INTERVALS,
  type nodeMonitorOverrideRequestSchema,
  type NodeMonitorOverview,
  type NodeProbeReportRequest,
  type NodeProbeView,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { addJob } from '../../platform/jobs/jobs';
import { notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { readWebConfigSection } from '../web-config/web-config.service';
import { nodeCheckConfig, portsOf } from './node-monitor.checker';
import { nodeMonitorRepository } from './node-monitor.repository';
import type { StoredProbeView } from './node-monitor.schema';

export const NODE_MONITOR_CHECK_JOB = 'node-monitor-check';
const NODE_MONITOR_QUEUE = 'node-monitor';

/**
 * Queues the next check. Checks are one self-rescheduling job (graphile-worker, one key, one
 * queue), so they run once across every process at the configured frequency, finer than cron's
 * minute. A waiting check moves to `runAt`.
 */
export async function queueCheck(db: DbOrTx, runAt: Date) {
  await addJob(
    db,
    NODE_MONITOR_CHECK_JOB,
    {},
    {
      queue: NODE_MONITOR_QUEUE,
      runAt,
      maxAttempts: 1,
      jobKey: NODE_MONITOR_CHECK_JOB,
    },
  );
}

/**
 * Puts the chain's next check a frequency after the last one (now when that has passed). The
 * chain calls it after each run with the run's start; the minute cron and each start call it too, so a lost chain
 * comes back and a new frequency applies within a minute.
 */
export async function queueNextCheck(db: DbOrTx, startedAt?: Date) {
  const [{ checkNodeFrequency }, settings] = await Promise.all([
    nodeCheckConfig(db),
    nodeMonitorRepository(db).settings(),
  ]);
  // After a run, from its start even when it failed: a failing check must not loop at once.
  const last = startedAt ?? settings.lastCheckAt;
  const due = (last?.getTime() ?? 0) + checkNodeFrequency * 1000;
  await queueCheck(db, new Date(Math.max(Date.now(), due)));
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The monitor's admin side and the external probes' reports. */
export function nodeMonitorService(ctx: Pick<AppContext, 'db' | 'audit' | 'dns'>) {
  const { db } = ctx;
  const repo = nodeMonitorRepository(db);

  async function audited<T>(
    admin: Actor,
    caller: Caller,
    action: string,
    target: string,
    work: (tx: DbOrTx) => Promise<T>,
  ) {
    return db.transaction(async (tx) => {
      await nodeMonitorRepository(tx).lock();
      const result = await work(tx);
      await ctx.audit.record(admin, caller.ip, { action, target }, tx);
      await queueCheck(tx, new Date());
      return result;
    });
  }

  async function dnsState(): Promise<NodeMonitorOverview['dns']> {
    const server = ctx.dns.authoritative;
    if (server.state !== 'ready') return { state: 'missing', reason: server.reason, install: server.install };
    const { cnameDomain } = await readWebConfigSection(db, 'dns_rewrite');
    return cnameDomain
      ? { state: 'ready', reason: '', install: '' }
      : { state: 'noCnameDomain', reason: '', install: '' };
  }

  return {
    async overview(now = new Date()): Promise<NodeMonitorOverview> {
      const [config, settings, nodes, views, dns] = await Promise.all([
        nodeCheckConfig(db),
        repo.settings(),
        repo.nodes(),
        repo.views(),
        dnsState(),
      ]);
      const freshAfter = now.getTime() - NODE_MONITOR_VIEW_FRESH_INTERVALS * config.checkNodeFrequency * 1000;
      const viewOut = (view: {
        probe: string;
        ports: number[];
        failedPorts: number[];
        checkedAt: Date;
      }): NodeProbeView => ({
        probe: view.probe,
        ports: view.ports,
        failedPorts: view.failedPorts,
        checkedAt: view.checkedAt.toISOString(),
        stale: view.checkedAt.getTime() < freshAfter,
      });
      return {
        dryRun: settings.dryRun,
        mode: config.DnsDispatchMode,
        frequency: config.checkNodeFrequency,
        lastCheckAt: iso(settings.lastCheckAt),
        dns,
        nodes: nodes.map((node) => ({
          nodeId: node.id,
          name: node.name,
          ipv4: node.ipv4,
          ipv6: node.ipv6,
          groupId: node.groupId,
          groupName: node.groupName,
          line: node.line,
          enabled: node.enabled,
          healthy: node.state?.healthy ?? true,
          upStreak: node.state?.upStreak ?? 0,
          downStreak: node.state?.downStreak ?? 0,
          failPercent: node.state?.failPercent ?? 0,
          plannedInDns: node.state?.plannedInDns ?? true,
          inDns: node.state?.inDns ?? true,
          held: node.state?.held ?? false,
          override: node.state?.override ?? null,
          overrideUntil: iso(node.state?.overrideUntil),
          views: views.filter((view) => view.nodeId === node.id).map(viewOut),
          checkedAt: iso(node.state?.checkedAt),
        })),
      };
    },

    async events(query: { page: number; limit: number; order: 'asc' | 'desc'; nodeId?: number }) {
      const { rows, total } = await repo.events(query);
      const evidenceOut = (view: StoredProbeView) => ({ ...view, stale: false });
      return {
        list: rows.map((row) => ({
          id: row.id,
          nodeId: row.nodeId,
          nodeName: row.nodeName,
          action: row.action,
          reason: row.reason,
          dryRun: row.dryRun,
          failPercent: row.failPercent,
          evidence: row.evidence.map(evidenceOut),
          createdAt: row.createdAt.toISOString(),
        })),
        totalCount: total,
        pageSize: query.limit,
        currPage: query.page,
      };
    },

    /** Force a node in or out of DNS until a time, or clear it; a check follows at once. */
    async override(
      request: z.infer<typeof nodeMonitorOverrideRequestSchema>,
      admin: Actor,
      caller: Caller,
      now = new Date(),
    ) {
      const { nodeId } = request;
      const node = await repo.nodeById(nodeId);
      if (!node) throw notFound();
      await audited(admin, caller, 'nodeMonitor.override', `node:${nodeId}`, async (tx) => {
        const override = request.override === 'clear' ? null : request.override;
        const clear = override === null;
        const until = clear ? null : new Date(now.getTime() + (request.minutes ?? 0) * 60_000);
        const txRepo = nodeMonitorRepository(tx);
        await txRepo.saveState(nodeId, { override, overrideUntil: until });
        await txRepo.addEvents([
          {
            nodeId,
            nodeName: node.name,
            action: clear ? 'overrideCleared' : 'override',
            reason: override === null ? 'manual' : override === 'in' ? 'overrideIn' : 'overrideOut',
          },
        ]);
      });
    },

    async setDryRun(dryRun: boolean, admin: Actor, caller: Caller) {
      await audited(admin, caller, 'nodeMonitor.dryRun', dryRun ? 'on' : 'off', (tx) =>
        nodeMonitorRepository(tx).updateSettings({ dryRun }),
      );
    },

    async checkNow() {
      await queueCheck(db, new Date());
    },

    /** What a probe measured; the route checked its token first (probeKeyService.verify). */
    async report(report: NodeProbeReportRequest, now = new Date()) {
      const known = await repo.existingNodeIds([...new Set(report.results.map((result) => result.nodeId))]);
      const views = report.results
        .filter((result) => known.has(result.nodeId))
        .map((result) => ({
          nodeId: result.nodeId,
          probe: report.probe,
          ports: [...new Set(result.ports)],
          failedPorts: [...new Set(result.failedPorts)].filter((port) => result.ports.includes(port)),
          checkedAt: now,
        }));
      await repo.saveViews(views);
      const config = await nodeCheckConfig(db);
      return { accepted: views.length, ports: portsOf(config), frequency: config.checkNodeFrequency };
    },
  };
}
