import {
  formatDateTime,
  NODE_MONITOR_LOCAL_PROBE,
  NODE_MONITOR_VIEW_FRESH_INTERVALS,
  nodeCheckConfigSchema,
  translate,
  type NodeCheckConfig,
} from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import { requestCnameZoneSync } from '../cname-zone/cname-zone';
import { DEFAULT_CONFIG_ROWS } from '../config/config.defaults';
import { readConfigValue } from '../config/config.read';
import { mailService } from '../mail/mail.service';
import { smsService } from '../sms/sms.service';
import type { SmsEndpoints } from '../../platform/config';
import { platformLang, platformUtcOffset } from '../web-config/web-config.service';
import {
  failPercentOf,
  nextHealth,
  planDns,
  rotationPeriod,
  rotationPick,
  type PlanNode,
  type ProbeView,
} from './dispatch';
import { nodeMonitorRepository, type MonitorEventInsert } from './node-monitor.repository';
import type { StoredProbeView } from './node-monitor.schema';
import { probeNodes } from './probe';

const DEFAULT_NODE_CHECK = DEFAULT_CONFIG_ROWS.find((row) => row.paramKey === 'CDN_NODECHECK_KEY')!
  .value as NodeCheckConfig;

/** The saved node-check settings, or §9's defaults when the record is missing or unreadable. */
export async function nodeCheckConfig(db: DbOrTx): Promise<NodeCheckConfig> {
  const parsed = nodeCheckConfigSchema.safeParse(await readConfigValue(db, 'CDN_NODECHECK_KEY'));
  return parsed.success ? parsed.data : DEFAULT_NODE_CHECK;
}

export const portsOf = (config: NodeCheckConfig) => config.checkNodePortList.split('|').map(Number);

const stored = (view: ProbeView): StoredProbeView => ({ ...view, checkedAt: view.checkedAt.toISOString() });

interface Notice {
  kind: 'removed' | 'returned' | 'held';
  name: string;
  ip: string;
  percent: number;
  evidence: StoredProbeView[];
}

export interface CheckResult {
  checked: number;
  /** Nodes whose DNS membership changed (0 in dry run). */
  dnsChanged: number;
  events: number;
}

/**
 * One check (issue 9 §6, ADR 0023): probe every enabled node's ports from this process, count
 * the fresh views of every probe, apply hysteresis, plan DNS with the safety rules and write it
 * all, with the timeline, in one transaction under an advisory lock so two checks never
 * interleave. Notices go out after the commit; the CNAME zone sync is queued in it.
 */
export function nodeMonitorChecker(ctx: { db: DbOrTx; smsEndpoints?: SmsEndpoints }) {
  const { db } = ctx;

  /** Mail and SMS to the addresses of the node-check config; a channel that fails undoes nothing. */
  async function notify(config: NodeCheckConfig, notices: Notice[], now: Date) {
    const mailTo = config.mailNoticeStatus === 1 ? config.mailNotice : '';
    const smsTo = config.smsNoticeStatus === 1 ? config.smsNotice : '';
    if (!notices.length || (!mailTo && !smsTo)) return;
    const lang = await platformLang(db);
    const offset = await platformUtcOffset(db);
    for (const notice of notices) {
      const params = {
        name: notice.name,
        ip: notice.ip,
        percent: notice.percent,
        time: formatDateTime(now, offset),
        evidence: notice.evidence
          .map((view) => `${view.probe}: ${view.failedPorts.length ? view.failedPorts.join('|') : 'ok'}`)
          .join('; '),
      };
      if (mailTo)
        await mailService(db)
          .sendNotice({
            to: mailTo,
            subject: translate(`nodeMonitor.${notice.kind}NoticeTitle`, lang, params),
            text: translate(`nodeMonitor.${notice.kind}NoticeContent`, lang, params),
          })
          .catch(() => false);
      // The SMS template (kind node_check) takes {name} {ip} {event}, in that order.
      if (smsTo)
        await smsService(db, ctx.smsEndpoints ?? {})
          .sendNotice(smsTo, 'node_check', {
            name: notice.name,
            ip: notice.ip,
            event: translate(`nodeMonitor.${notice.kind}Event`, lang),
          })
          .catch(() => false);
    }
  }

  return {
    async check(now = new Date()): Promise<CheckResult> {
      const config = await nodeCheckConfig(db);
      const ports = portsOf(config);
      const probed = (await nodeMonitorRepository(db).nodes()).filter((node) => node.enabled);
      // Probing takes up to the connect timeout: done before the transaction holds the lock.
      const targets = probed
        .filter((node) => node.ipv4 || node.ipv6)
        .map((node) => ({ id: node.id, host: node.ipv4 || node.ipv6 }));
      const failed = await probeNodes(targets, ports);
      const local = targets.map((target) => ({
        nodeId: target.id,
        probe: NODE_MONITOR_LOCAL_PROBE,
        ports,
        failedPorts: failed.get(target.id)!,
        checkedAt: now,
      }));
      const { result, notices } = await db.transaction(async (tx) => {
        const repo = nodeMonitorRepository(tx);
        await repo.lock();
        await repo.saveViews(local);
        const settings = await repo.settings();
        const nodes = (await repo.nodes()).filter((node) => node.enabled);
        const freshAfter =
          now.getTime() - NODE_MONITOR_VIEW_FRESH_INTERVALS * config.checkNodeFrequency * 1000;
        const viewsOf = new Map<number, ProbeView[]>();
        for (const view of await repo.views())
          if (view.checkedAt.getTime() >= freshAfter)
            viewsOf.set(view.nodeId, [...(viewsOf.get(view.nodeId) ?? []), view]);

        const events: MonitorEventInsert[] = [];
        const plan: PlanNode[] = [];
        const health = new Map<number, ReturnType<typeof nextHealth> & { failPercent: number }>();
        for (const node of nodes) {
          const state = node.state;
          let override = state?.override ?? null;
          if (override && state?.overrideUntil && state.overrideUntil <= now) {
            override = null;
            events.push({
              nodeId: node.id,
              nodeName: node.name,
              action: 'overrideExpired',
              reason: 'manual',
            });
          }
          const views = viewsOf.get(node.id) ?? [];
          const failPercent = failPercentOf(views);
          const down = views.length > 0 && failPercent >= config.failPercent;
          const next = nextHealth(
            {
              healthy: state?.healthy ?? true,
              upStreak: state?.upStreak ?? 0,
              downStreak: state?.downStreak ?? 0,
            },
            down,
          );
          health.set(node.id, { ...next, failPercent });
          plan.push({
            id: node.id,
            groupId: node.groupId,
            line: node.line,
            healthy: next.healthy,
            inDns: state?.plannedInDns ?? true,
            override,
          });
        }

        const mode = config.DnsDispatchMode;
        const slot = Math.floor(now.getTime() / 1000 / rotationPeriod(config));
        const pick =
          mode === 'online'
            ? new Set<number>()
            : rotationPick(mode, plan, slot, new Set(settings.rotationPick), slot === settings.rotationSlot);
        const decisions = planDns(plan, mode, pick);
        const overrides = new Map(plan.map((entry) => [entry.id, entry.override]));

        const notices: Notice[] = [];
        let dnsChanged = 0;
        for (const node of nodes) {
          const state = node.state;
          const decision = decisions.get(node.id)!;
          const { failPercent, ...streaks } = health.get(node.id)!;
          const evidence = (viewsOf.get(node.id) ?? []).map(stored);
          const planned = state?.plannedInDns ?? true;
          const inDns = state?.inDns ?? true;
          const event = {
            nodeId: node.id,
            nodeName: node.name,
            failPercent,
            evidence,
            dryRun: settings.dryRun,
          };
          const told = { name: node.name, ip: node.ipv4 || node.ipv6, percent: failPercent, evidence };
          let changedPlan = false;
          if (decision.inDns !== planned) {
            changedPlan = true;
            const action = decision.inDns ? 'returned' : 'removed';
            events.push({ ...event, action, reason: decision.reason });
            if (!settings.dryRun && (decision.reason === 'down' || decision.reason === 'up'))
              notices.push({ ...told, kind: action });
          }
          if (decision.held && !state?.held) {
            events.push({ ...event, action: 'held', reason: 'lastHealthy' });
            if (!settings.dryRun) notices.push({ ...told, kind: 'held' });
          }
          const applied = settings.dryRun ? inDns : decision.inDns;
          if (applied !== inDns) {
            dnsChanged += 1;
            if (!changedPlan)
              events.push({
                ...event,
                dryRun: false,
                action: applied ? 'returned' : 'removed',
                reason: 'dryRunEnded',
              });
          }
          const overrideKept = overrides.get(node.id) ?? null;
          await repo.saveState(node.id, {
            ...streaks,
            failPercent,
            plannedInDns: decision.inDns,
            inDns: applied,
            held: decision.held,
            override: overrideKept,
            overrideUntil: overrideKept ? (state?.overrideUntil ?? null) : null,
            evidence,
            checkedAt: now,
          });
        }
        await repo.addEvents(events);
        await repo.updateSettings({ rotationSlot: slot, rotationPick: [...pick], lastCheckAt: now });
        if (dnsChanged) await requestCnameZoneSync(tx);
        return { result: { checked: nodes.length, dnsChanged, events: events.length }, notices };
      });
      await notify(config, notices, now);
      return result;
    },
  };
}
