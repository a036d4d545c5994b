import {
  REWRITE_LIMITS,
  type Page,
  type RewriteRule,
  type rewriteListRequestSchema,
  type rewriteMoveRequestSchema,
  type rewriteRuleInputSchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import type { DbTx } from '../../platform/db/database';
import { pageOf } from '../../platform/db/paging';
import { writeTable } from '../../platform/db/write-table';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { SiteRow } from '../site/site.repository';
import { rewriteRepository, type ListedRewriteRow } from './rewrite.repository';
import {
  noSiteHook,
  ownSite,
  refuseUnlessOffered,
  reviseGroups,
  type OnSiteChanged,
} from './site-redirect.shared';

type ListRequest = z.output<typeof rewriteListRequestSchema>;
type SaveRequest = z.output<typeof rewriteRuleInputSchema>;
type MoveRequest = z.output<typeof rewriteMoveRequestSchema>;

export const toRewriteRule = (row: ListedRewriteRow): RewriteRule => ({
  id: row.id,
  siteId: row.siteId,
  domain: row.domain,
  position: row.position,
  match: row.match,
  source: row.source,
  target: row.target,
  status: row.status,
  keepQuery: row.keepQuery,
  enabled: row.enabled,
  remark: row.remark,
  createdAt: row.createdAt.toISOString(),
  config: row.config,
});

/**
 * URL forwarding (spec site/rewrite): ordered rules per site, answered by the edge before
 * anything is proxied. Every write takes the site's group revision and queues its publish.
 */
export function rewriteService(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'changes'>,
  onSiteChanged: OnSiteChanged = noSiteHook,
) {
  const { db } = ctx;
  const repo = rewriteRepository(db);

  async function mustOwn(customerId: number, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.byIds(customerId, unique);
    if (rows.length !== unique.length) throw notFound();
    return rows;
  }

  /** Positions 1..n again after rules left the site. */
  async function compact(tx: DbTx, siteId: number) {
    const txRepo = rewriteRepository(tx);
    await txRepo.renumber(await txRepo.ofSite(siteId));
  }

  /** Checks made under the group lock, so two saves cannot both take the last free place. */
  async function checkRoom(tx: DbTx, site: SiteRow, ruleId: number, request: SaveRequest) {
    const txRepo = rewriteRepository(tx);
    if (await txRepo.sameRule(site.id, ruleId, request.match, request.source))
      throw conflict('rewrite.duplicate', { domain: site.domain });
    const rules = await txRepo.ofSite(site.id);
    const joining = !rules.some((r) => r.id === ruleId);
    if (joining && rules.length >= REWRITE_LIMITS.perSite)
      throw badRequest('rewrite.tooMany', { max: REWRITE_LIMITS.perSite });
    return joining ? rules.length + 1 : undefined;
  }

  return {
    async list(customerId: number, request: ListRequest): Promise<Page<RewriteRule>> {
      await refuseUnlessOffered(db, customerId, 'rewrite');
      const { rows, total } = await repo.list(customerId, request);
      return pageOf(rows.map(toRewriteRule), total, request);
    },

    async save(who: Principal, request: SaveRequest): Promise<RewriteRule> {
      const customerId = who.id;
      await refuseUnlessOffered(db, customerId, 'rewrite');
      const [before] = request.id === undefined ? [] : await mustOwn(customerId, [request.id]);
      const site = await ownSite(db, customerId, request.siteId);
      const left =
        before && before.siteId !== site.id ? await ownSite(db, customerId, before.siteId) : undefined;
      const { id: _id, siteId, ...settings } = request;
      const id = await writeTable(ctx, 'sites', async (tx) => {
        const groups = await reviseGroups(tx, ctx, left ? [site, left] : [site]);
        const txRepo = rewriteRepository(tx);
        const position = await checkRoom(tx, site, before?.id ?? 0, request);
        let ruleId: number;
        if (before) {
          ruleId = before.id;
          const kept = await txRepo.update(customerId, ruleId, {
            ...settings,
            siteId,
            ...(position ? { position } : {}),
          });
          if (!kept) throw notFound();
        } else ruleId = await txRepo.insert({ ...settings, customerId, siteId, position: position! });
        if (left) await compact(tx, left.id);
        await groups.stamp(who, 'rewrite', onSiteChanged);
        return ruleId;
      });
      const [saved] = await repo.byIds(customerId, [id]);
      if (!saved) throw notFound(); // deleted again at once, by another request
      return toRewriteRule(saved);
    },

    async delete(who: Principal, ids: number[]): Promise<number> {
      const customerId = who.id;
      await refuseUnlessOffered(db, customerId, 'rewrite');
      const rules = await mustOwn(customerId, ids);
      const siteRows = await Promise.all(
        [...new Set(rules.map((r) => r.siteId))].map((siteId) => ownSite(db, customerId, siteId)),
      );
      await writeTable(ctx, 'sites', async (tx) => {
        const groups = await reviseGroups(tx, ctx, siteRows);
        await rewriteRepository(tx).delete(
          customerId,
          rules.map((r) => r.id),
        );
        for (const site of siteRows) await compact(tx, site.id);
        await groups.stamp(who, 'rewrite', onSiteChanged);
      });
      return rules.length;
    },

    /** Puts the rule at `position` within its site (past the end: last); the others keep their order. */
    async move(who: Principal, request: MoveRequest): Promise<number> {
      const customerId = who.id;
      await refuseUnlessOffered(db, customerId, 'rewrite');
      const [rule] = await mustOwn(customerId, [request.id]);
      const site = await ownSite(db, customerId, rule!.siteId);
      const target = (count: number) => Math.min(request.position, count) - 1;
      // A move to where the rule is already changes nothing: no revision, no publish.
      const current = await repo.ofSite(site.id);
      if (current.findIndex((r) => r.id === rule!.id) === target(current.length)) return 0;
      return writeTable(ctx, 'sites', async (tx) => {
        // The group lock first: the order read below cannot change before this commits.
        const groups = await reviseGroups(tx, ctx, [site]);
        const txRepo = rewriteRepository(tx);
        const rules = await txRepo.ofSite(site.id);
        const from = rules.findIndex((r) => r.id === rule!.id);
        if (from < 0) throw notFound();
        const [moved] = rules.splice(from, 1);
        rules.splice(target(rules.length + 1), 0, moved!);
        await txRepo.renumber(rules);
        await groups.stamp(who, 'rewrite', onSiteChanged);
        return 1;
      });
    },
  };
}
