import {
  ENUMS,
  standardRegistrationOpen,
  WEB_CONFIG_SECTIONS,
  type ConfStatus,
  type IndexChart,
  type Page,
  type ParamClass,
  type PlatformIndex,
  type ProductAuth,
  type UpdateLogEntry,
  type WebAgent,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { cachesOf } from '../../platform/db/row-cache';
import { notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { customers } from '../account/account.schema';
import { changeGroupConfig } from '../edge/config-revision';
import { CUSTOMER_MODULES } from '../menu/customer-modules';
import { platformUtcOffset, readWebConfigSection } from '../web-config/web-config.service';
import { releaseNotes } from './changelog';
import { commonRepository } from './common.repository';
import { pageOf } from '../../platform/db/paging';

const DAY_MS = 86_400_000;

/** Which class a config record belongs to, by its key (the system config screen's groups). */
function classOf(paramKey: string): ParamClass['name'] {
  if ((WEB_CONFIG_SECTIONS as readonly string[]).includes(paramKey)) return 'web';
  if (paramKey === 'MAIL_CONFIG_KEY' || /SMS/.test(paramKey)) return 'notify';
  if (paramKey === 'WXLOGIN_CONFIG_KEY') return 'login';
  if (/USERCERTIFY/.test(paramKey)) return 'verify';
  if (/PAY/.test(paramKey)) return 'payment';
  if (/NODECHECK|ACME|EDGE/.test(paramKey)) return 'edge';
  return 'other';
}

const CLASS_ORDER: ParamClass['name'][] = ['web', 'notify', 'login', 'verify', 'payment', 'edge', 'other'];

/** The calls of spec §7 that answer what the platform is and holds (contract api/common.ts). */
export function commonService(ctx: Pick<AppContext, 'db' | 'audit' | 'jobs' | 'changes'>) {
  const repo = commonRepository(ctx.db);

  return {
    async webAgent(): Promise<WebAgent> {
      const [basic, contact, power] = await Promise.all([
        readWebConfigSection(ctx.db, 'basic'),
        readWebConfigSection(ctx.db, 'contact'),
        readWebConfigSection(ctx.db, 'power'),
      ]);
      // The register form is the only way a visitor creates an account, so it decides.
      return {
        name: basic.webName,
        logo: basic.logoImgLight,
        contact,
        registerOpen: standardRegistrationOpen(power),
      };
    },

    async updateLog(paging: { page: number; limit: number }): Promise<Page<UpdateLogEntry>> {
      const all = await releaseNotes();
      const start = (paging.page - 1) * paging.limit;
      return pageOf(all.slice(start, start + paging.limit), all.length, paging);
    },

    async notices(paging: { page: number; limit: number }) {
      const { rows, total } = await repo.notices(paging);
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          createtime: r.createdAt.toISOString(),
        })),
        total,
        paging,
      );
    },

    async productAuth(customerId: number): Promise<ProductAuth> {
      const [[row], custom] = await Promise.all([
        ctx.db
          .select({ unvalidModel: customers.unvalidModel, maxForceUrl: customers.maxForceUrl })
          .from(customers)
          .where(eq(customers.id, customerId)),
        readWebConfigSection(ctx.db, 'custom'),
      ]);
      if (!row) throw notFound();
      const hidden = new Set(row.unvalidModel);
      const offered = (console: 'cdn' | 'dns') =>
        CUSTOMER_MODULES.some((m) => m.console === console && !hidden.has(m.path));
      return {
        products: { cdn: offered('cdn'), dns: offered('dns') },
        features: Object.fromEntries(
          Object.entries(custom).map(([flag, value]) => [flag, Number(value) > 0]),
        ),
        unvalidModel: row.unvalidModel,
        maxForceUrl: row.maxForceUrl,
      };
    },

    async paramClasses(): Promise<{ list: ParamClass[] }> {
      const rows = await repo.configRows();
      return {
        list: CLASS_ORDER.map((name) => ({
          name,
          params: rows
            .filter((r) => classOf(r.paramKey) === name)
            .map((r) => ({ id: r.id, paramKey: r.paramKey, remark: r.remark, status: r.status })),
        })).filter((c) => c.params.length > 0),
      };
    },

    confStatus: async (): Promise<{ list: ConfStatus[] }> => ({ list: await repo.confStatus() }),

    index: async (): Promise<PlatformIndex> => {
      const counts = await repo.index(await platformUtcOffset(ctx.db));
      return {
        customers: counts.customers!,
        disabledCustomers: counts.disabled_customers!,
        sites: counts.sites!,
        nodes: counts.nodes!,
        onlineNodes: counts.online_nodes!,
        openWorkOrders: counts.open_work_orders!,
        expiringCertificates: counts.expiring_certificates!,
        failedLoginsToday: counts.failed_logins_today!,
      };
    },

    enums: () => ENUMS,

    /** `days` days of the display time zone ending today, each with what was created on it. */
    async indexChart(days: number, now = Date.now()): Promise<IndexChart> {
      const offsetMinutes = await platformUtcOffset(ctx.db);
      const shift = offsetMinutes * 60_000;
      const today = Math.floor((now + shift) / DAY_MS) * DAY_MS;
      const labels = Array.from({ length: days }, (_, i) =>
        new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
      );
      const since = new Date(today - (days - 1) * DAY_MS - shift);
      const [c, s, w, l] = await Promise.all(
        (['customers', 'sites', 'work_orders', 'logins'] as const).map((table) =>
          repo.perDay(table, since, offsetMinutes),
        ),
      );
      const series = (counts: Map<string, number>) => labels.map((day) => counts.get(day) ?? 0);
      return {
        days: labels,
        series: { customers: series(c!), sites: series(s!), workOrders: series(w!), logins: series(l!) },
      };
    },

    /** Every node group's config is compiled and published again (after a platform-wide change). */
    async republishAll(admin: Principal, caller: Caller): Promise<{ groups: number }> {
      return ctx.db.transaction(async (tx) => {
        const ids = await commonRepository(tx).groupIds();
        for (const id of ids) await changeGroupConfig(tx, ctx.jobs, id);
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'edge.republish', detail: { groups: ids.length } },
          tx,
        );
        return { groups: ids.length };
      });
    },

    /** What Nimbus keeps besides its tables: the job queue and the in-process caches. */
    async tool(op: 'jobs' | 'caches' | 'clearCaches', admin: Principal, caller: Caller) {
      if (op === 'jobs') return { op, data: await repo.jobs() };
      const caches = cachesOf(ctx.changes);
      if (op === 'clearCaches') {
        for (const cache of caches) cache.clear();
        await ctx.audit.record(admin, caller.ip, {
          action: 'config.cache_clear',
          detail: { caches: caches.length },
        });
      }
      return {
        op,
        data: caches.map(({ table, entries, maxEntries, ttlMs }) => ({ table, entries, maxEntries, ttlMs })),
      };
    },
  };
}
