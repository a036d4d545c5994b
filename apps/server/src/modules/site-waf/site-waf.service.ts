import type { wafRuleSaveRequestSchema, wafTestRequestSchema } from '@nimbus/contract';
import {
  evaluateWafRules,
  WAF_LIMITS,
  WAF_PRESETS,
  wafEdgeRule,
  wafRuleInputSchema,
  wafSampleOf,
  type WafPreset,
  type WafRule,
  type WafTestResult,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { DbTx } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import {
  siteWafRepository,
  toWafRule,
  type WafEventFilters,
  type WafRuleRow,
  type WafRuleValues,
} from './site-waf.repository';
import { countryOfAddress } from '../edge/geo/country-table';
import { markWafChanged } from './waf-revision';

type RuleInput = z.output<typeof wafRuleInputSchema>;

const valuesOf = (rule: RuleInput, preset = ''): WafRuleValues => ({
  remark: rule.remark,
  conditions: rule.conditions,
  action: rule.action,
  status: rule.status,
  seconds: rule.seconds,
  enabled: rule.enabled,
  preset,
});

/** The edge form of stored rules (what nodes run and the test box evaluates). */
export const edgeRulesOf = (rows: readonly WafRuleRow[]) =>
  rows.map((row) => wafEdgeRule(row.id, wafRuleInputSchema.parse(row)));

/** A site's WAF rules (issue 20 §2, contract api/waf.ts). Another customer's site answers 404. */
export function siteWafService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  /** Runs a change of one site's rules: the site locked, and nodes told once it commits. */
  function change<T>(customerId: number, siteId: number, work: (tx: DbTx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      if (!(await siteWafRepository(tx).lockOwnedSite(customerId, siteId))) throw notFound();
      const result = await work(tx);
      await markWafChanged(tx, siteId);
      return result;
    });
  }

  async function rulesOf(customerId: number, siteId: number): Promise<WafRuleRow[]> {
    const repo = siteWafRepository(db);
    if (!(await repo.ownsSite(customerId, siteId))) throw notFound();
    return repo.rules(siteId);
  }

  const roomFor = async (tx: DbTx, siteId: number, more: number) => {
    if ((await siteWafRepository(tx).rules(siteId)).length + more > WAF_LIMITS.rules)
      throw conflict('waf.tooManyRules', { max: WAF_LIMITS.rules });
  };

  return {
    list: async (customerId: number, siteId: number) => ({
      rules: (await rulesOf(customerId, siteId)).map(toWafRule),
    }),

    save(customerId: number, request: z.output<typeof wafRuleSaveRequestSchema>): Promise<WafRule> {
      const { siteId, id } = request;
      return change(customerId, siteId, async (tx) => {
        const repo = siteWafRepository(tx);
        if (id === undefined) {
          await roomFor(tx, siteId, 1);
          const [row] = await repo.insert(siteId, [valuesOf(request)]);
          return toWafRule(row!);
        }
        const row = await repo.update(siteId, id, valuesOf(request));
        if (!row) throw notFound();
        return toWafRule(row);
      });
    },

    delete: (customerId: number, siteId: number, ids: readonly number[]) =>
      change(customerId, siteId, async (tx) => {
        const repo = siteWafRepository(tx);
        const deleted = await repo.delete(siteId, ids);
        if (deleted !== new Set(ids).size) throw notFound();
        await repo.reorder(
          siteId,
          (await repo.rules(siteId)).map((r) => r.id),
        );
        return { deleted };
      }),

    setEnabled: (customerId: number, siteId: number, id: number, enabled: boolean) =>
      change(customerId, siteId, async (tx) => {
        const row = await siteWafRepository(tx).update(siteId, id, { enabled });
        if (!row) throw notFound();
        return toWafRule(row);
      }),

    order: (customerId: number, siteId: number, ids: readonly number[]) =>
      change(customerId, siteId, async (tx) => {
        const repo = siteWafRepository(tx);
        const current = (await repo.rules(siteId)).map((r) => r.id);
        const same =
          ids.length === current.length &&
          new Set(ids).size === ids.length &&
          ids.every((id) => current.includes(id));
        if (!same) throw badRequest('waf.orderMismatch');
        await repo.reorder(siteId, ids);
        return { rules: (await repo.rules(siteId)).map(toWafRule) };
      }),

    preset: (customerId: number, siteId: number, preset: string) => {
      if (!Object.hasOwn(WAF_PRESETS, preset)) throw badRequest('waf.preset');
      const rules = WAF_PRESETS[preset as WafPreset];
      return change(customerId, siteId, async (tx) => {
        const repo = siteWafRepository(tx);
        if ((await repo.rules(siteId)).some((r) => r.preset === preset)) throw conflict('waf.presetApplied');
        await roomFor(tx, siteId, rules.length);
        await repo.insert(
          siteId,
          rules.map((rule) => valuesOf(wafRuleInputSchema.parse(rule), preset)),
        );
        return { rules: (await repo.rules(siteId)).map(toWafRule) };
      });
    },

    async test(customerId: number, request: z.output<typeof wafTestRequestSchema>): Promise<WafTestResult> {
      const rows = (await rulesOf(customerId, request.siteId)).filter(
        (r) => r.enabled || request.includeDisabled,
      );
      const sample = wafSampleOf(request.method, request.url, request.headers, request.clientIp);
      // Looked up in the edges' own table, so the box places the address as a node would.
      const country = countryOfAddress(request.clientIp) ?? null;
      return { ...evaluateWafRules(edgeRulesOf(rows), { ...sample, country: country ?? '' }), country };
    },

    async events(
      customerId: number,
      siteId: number,
      page: number,
      limit: number,
      filters: WafEventFilters = {},
    ) {
      const repo = siteWafRepository(db);
      if (!(await repo.ownsSite(customerId, siteId))) throw notFound();
      const { rows, total } = await repo.events(siteId, page, limit, filters);
      return {
        list: rows.map(({ event, nodeName }) => ({
          id: event.id,
          ruleId: event.ruleId,
          action: event.action,
          clientIp: event.clientIp,
          request: event.request,
          nodeName: nodeName ?? '',
          time: event.at.toISOString(),
        })),
        totalCount: total,
        pageSize: limit,
        currPage: page,
      };
    },
  };
}
