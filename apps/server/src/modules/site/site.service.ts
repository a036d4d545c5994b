import type {
  CnameCheck,
  Page,
  Site,
  siteBulkCreateRequestSchema,
  siteCreateRequestSchema,
  SiteServingSettings,
  SiteSettings,
  siteUpdateRequestSchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { DbTx } from '../../platform/db/database';
import { tableCache } from '../../platform/db/row-cache';
import { writeTable } from '../../platform/db/write-table';
import { violatedUniqueConstraint } from '../../platform/db/unique';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { changeGroupConfig } from '../edge/config-revision';
import { nodeRepository } from '../edge/node.repository';
import { readWebConfigSection } from '../web-config/web-config.service';
import { effectiveStatus } from '../certificate/certificate.mapper';
import { certificateRepository } from '../certificate/certificate.repository';
import { uncovered } from '../certificate/pem';
import { newCnameLabel } from './cname';
import { requestVerifySweep, siteOwnershipService } from './site-ownership.service';
import { siteGroupRepository } from './site-group.repository';
import { toSite } from './site.mapper';
import { reservedPortAmong } from '../edge/reserved-ports';
import { siteRepository, type SiteFilter, type SiteRow } from './site.repository';
import { pageOf } from '../../platform/db/paging';
import { planHasHttps, planWithDomainRoom, plansRequired } from '../plan/plan-quota';
import { guardOrigins } from '../origin-policy/origin-guard';
import { recordSiteVersion, type SiteActor } from './site-history.service';

type Create = z.output<typeof siteCreateRequestSchema>;
type Update = z.output<typeof siteUpdateRequestSchema>;
type BulkCreate = z.output<typeof siteBulkCreateRequestSchema>;

const customerActor = (customerId: number): SiteActor => ({ customerId, adminId: null });

/** Which parts of the site an update changed, for its history entry (e.g. "origin,https"). */
function changedParts(before: SiteRow, after: Update): string {
  const differs = (keys: (keyof Update & keyof SiteRow)[]) =>
    keys.some((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const parts = [
    differs(['originProtocol', 'origins', 'httpPorts']) ? 'origin' : '',
    differs(['balance']) ? 'upstream' : '',
    differs(['httpsEnabled', 'httpsPorts', 'certificateId', 'forceHttps']) ? 'https' : '',
    (after.remark !== undefined && after.remark !== before.remark) ||
    (after.enabled !== undefined && after.enabled !== before.enabled) ||
    after.siteGroupId !== before.siteGroupId
      ? 'basic'
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(',') : 'none';
}

/** A customer's sites. Every change takes its node group's next revision and queues a publish. */
export function siteService(ctx: Pick<AppContext, 'db' | 'jobs' | 'config' | 'changes'>) {
  const { db, jobs } = ctx;
  const repo = siteRepository(db);
  // Both read on every list, kept in process and dropped on any change to their table
  // (migration 0007, ADR 0013): the totals (a 10,000-site customer's count reads 10,000 index
  // entries) and the CNAME domain.
  const totals = tableCache<string, number>(ctx.changes, 'sites', { ttlMs: 60_000, maxEntries: 10_000 });
  const settings = tableCache<'cnameDomain', string>(ctx.changes, 'sys_config', {
    ttlMs: 60_000,
    maxEntries: 1,
  });
  const cnameDomain = async () =>
    (await settings.get(
      'cnameDomain',
      async () => (await readWebConfigSection(db, 'dns_rewrite')).cnameDomain,
    ))!;

  const ownership = siteOwnershipService(ctx);

  async function present(customerId: number, rows: SiteRow[]): Promise<Site[]> {
    const domain = await cnameDomain();
    const waived = await ownership.waived(customerId);
    return rows.map((row) => toSite(row, domain, waived));
  }

  async function mustOwn(customerId: number, ids: readonly number[]): Promise<SiteRow[]> {
    const unique = [...new Set(ids)];
    const rows = await siteRepository(db).byIds(customerId, unique);
    if (rows.length !== unique.length) throw notFound();
    return rows;
  }

  /** Rules both create and update check against the database. */
  async function checkSettings(tx: DbTx, customerId: number, settings: SiteSettings, domains: string[]) {
    if (
      settings.siteGroupId !== null &&
      !(await siteGroupRepository(tx).owned(customerId, settings.siteGroupId))
    )
      throw notFound();
    if (settings.certificateId === null) return;
    const cert = await certificateRepository(tx).byId(customerId, settings.certificateId);
    const usable = cert && (effectiveStatus(cert) === 'own' || effectiveStatus(cert) === 'succeeded');
    if (!usable || uncovered(cert.domains, domains).length > 0) throw badRequest('site.certificateNotUsable');
  }

  /**
   * Ports are per node: nginx makes a port TLS for every server on it, a forwarding rule's port
   * cannot also serve sites, and the nodes' own ports are no one's. A clash would fail (or silently drop) the whole node's config,
   * so it is refused here, naming the port.
   */
  async function checkPorts(tx: DbTx, groupId: number, siteId: number, settings: SiteSettings) {
    const repo = siteRepository(tx);
    const httpsPorts = settings.httpsEnabled ? settings.httpsPorts : [];
    const forwarding = await repo.portOfForwarding(groupId, [...settings.httpPorts, ...httpsPorts]);
    if (forwarding !== undefined) throw conflict('site.portUsedByForwarding', { port: forwarding });
    const reserved = await reservedPortAmong(tx, groupId, ctx.config.port, [
      ...settings.httpPorts,
      ...httpsPorts,
    ]);
    if (reserved !== undefined) throw conflict('site.portReservedByNode', { port: reserved });
    const scheme =
      (await repo.portOfOtherScheme(groupId, siteId, 'http', settings.httpPorts)) ??
      (await repo.portOfOtherScheme(groupId, siteId, 'https', httpsPorts));
    if (scheme !== undefined) throw conflict('site.portSchemeTaken', { port: scheme });
  }

  const settingsColumns = (s: SiteSettings) => ({
    siteGroupId: s.siteGroupId,
    originProtocol: s.originProtocol,
    balance: s.balance,
    origins: s.origins,
    httpPorts: s.httpPorts,
    httpsPorts: s.httpsPorts,
    httpsEnabled: s.httpsEnabled,
    certificateId: s.certificateId,
    forceHttps: s.forceHttps,
  });

  /**
   * The plan new sites draw on. With plans required it must have room, and include HTTPS when
   * the sites serve it; the refusal says which of the two is missing.
   */
  async function planForNewSites(tx: DbTx, customerId: number, domains: number, https: boolean) {
    if (!(await plansRequired(tx))) return planWithDomainRoom(tx, customerId, domains);
    const planId = await planWithDomainRoom(tx, customerId, domains, https);
    if (planId !== null) return planId;
    if (https && (await planWithDomainRoom(tx, customerId, domains)) !== null)
      throw badRequest('plan.noHttps');
    throw badRequest('plan.noDomainSlot');
  }

  async function insertSites(
    actor: SiteActor,
    domains: string[],
    settings: SiteSettings,
    remark = '',
  ): Promise<number[]> {
    const { customerId } = actor;
    // Before the transaction: it resolves origin names, which must not hold row locks.
    await guardOrigins(ctx, settings.origins);
    return writeTable(ctx, 'sites', async (tx) => {
      await checkSettings(tx, customerId, settings, domains);
      await ownership.refuseOverlaps(tx, customerId, domains);
      const planId = await planForNewSites(tx, customerId, domains.length, settings.httpsEnabled);
      const group = await nodeRepository(tx).defaultGroup();
      if (!group) throw badRequest('edge.noGroup');
      const revision = await changeGroupConfig(tx, jobs, group.id);
      await checkPorts(tx, group.id, 0, settings);
      const rows = await siteRepository(tx).insert(
        domains.map((domain) => ({
          customerId,
          domain,
          cnameLabel: newCnameLabel(),
          nodeGroupId: group.id,
          planId,
          revision,
          remark,
          ...settingsColumns(settings),
        })),
      );
      for (const row of rows) await recordSiteVersion(tx, row.id, actor, 'create');
      await requestVerifySweep(tx);
      return rows.map((r) => r.id);
    }).catch(async (error: unknown) => {
      if (violatedUniqueConstraint(error) !== 'sites_domain_unique') throw error;
      const taken = await repo.takenDomains(domains);
      const first = domains.findIndex((d) => taken.includes(d));
      if (domains.length === 1) throw conflict('site.domainTaken', { domain: domains[0]! });
      throw conflict('site.domainsTaken', { line: first + 1, domain: domains[first] ?? '' });
    });
  }

  return {
    async list(customerId: number, filter: SiteFilter): Promise<Page<Site>> {
      const { rows, total } = await repo.list(customerId, filter, totals);
      return pageOf(await present(customerId, rows), total, filter);
    },

    async info(customerId: number, id: number): Promise<Site> {
      return (await present(customerId, await mustOwn(customerId, [id])))[0]!;
    },

    async create(customerId: number, request: Create, actor = customerActor(customerId)): Promise<Site> {
      const [id] = await insertSites(actor, [request.domain], request, request.remark);
      return this.info(customerId, id!);
    },

    /** All or nothing: one domain on the platform already refuses the whole list, naming its line. */
    async bulkCreate(
      customerId: number,
      request: BulkCreate,
      actor = customerActor(customerId),
    ): Promise<number> {
      const settings: SiteSettings = {
        ...request,
        httpsPorts: [],
        httpsEnabled: false,
        certificateId: null,
        forceHttps: false,
      };
      return (await insertSites(actor, request.domains, settings)).length;
    },

    /**
     * `restore`: a rollback — the serving settings of that version come back too, and the history
     * entry says which version was restored.
     */
    async update(
      customerId: number,
      request: Update,
      actor = customerActor(customerId),
      restore?: { settings: SiteServingSettings; version: number },
    ): Promise<Site> {
      const [before] = await mustOwn(customerId, [request.id]);
      await guardOrigins(ctx, request.origins);
      await writeTable(ctx, 'sites', async (tx) => {
        await checkSettings(tx, customerId, request, [before!.domain]);
        // Only turning HTTPS on asks the plan: a site already serving it keeps it.
        if (
          request.httpsEnabled &&
          !before!.httpsEnabled &&
          (await plansRequired(tx)) &&
          !(await planHasHttps(tx, customerId, before!.planId))
        )
          throw badRequest('plan.noHttps');
        const revision = await changeGroupConfig(tx, jobs, before!.nodeGroupId);
        await checkPorts(tx, before!.nodeGroupId, request.id, request);
        await siteRepository(tx).update(customerId, request.id, {
          ...settingsColumns(request),
          enabled: request.enabled ?? before!.enabled,
          remark: request.remark ?? before!.remark,
          ...(restore ? { settings: restore.settings } : {}),
          revision,
        });
        if (restore) await recordSiteVersion(tx, request.id, actor, 'rollback', restore.version);
        else await recordSiteVersion(tx, request.id, actor, changedParts(before!, request));
      });
      return this.info(customerId, request.id);
    },

    /** Enable, disable or delete several sites; each node group involved republishes once. */
    async bulkAction(
      customerId: number,
      ids: number[],
      action: 'enable' | 'disable' | 'delete',
    ): Promise<number> {
      const rows = await mustOwn(customerId, ids);
      await writeTable(ctx, 'sites', async (tx) => {
        const txRepo = siteRepository(tx);
        for (const groupId of new Set(rows.map((r) => r.nodeGroupId))) {
          const revision = await changeGroupConfig(tx, jobs, groupId);
          const inGroup = rows.filter((r) => r.nodeGroupId === groupId).map((r) => r.id);
          if (action === 'delete') await txRepo.delete(customerId, inGroup);
          else
            for (const id of inGroup)
              await txRepo.update(customerId, id, { enabled: action === 'enable', revision });
        }
      });
      return rows.length;
    },

    /** The CNAME check page: both ownership proofs asked now, recorded when one holds. */
    async checkCname(customerId: number, id: number): Promise<CnameCheck> {
      const [row] = await mustOwn(customerId, [id]);
      return ownership.verifyNow(row!);
    },
  };
}
