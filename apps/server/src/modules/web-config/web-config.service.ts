import {
  FEATURE_SWITCH_KEYS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_SECTIONS,
  webSectionSchemas,
  type FeatureSwitchKey,
  type WebConfig,
  type WebConfigSaveRequest,
  type WebConfigSection,
} from '@nimbus/contract';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import type { Caller } from '../../platform/http/caller';
import { changedFields } from '../config/config.diff';
import { readConfigEntries } from '../config/config.read';
import { configRepository } from '../config/config.repository';
import { writeTable } from '../../platform/db/write-table';
import { requestNameserversSync } from '../dns-zone/nameservers.job';

/**
 * A stored section as the schema reads it. A row edited into an invalid shape (or missing)
 * falls back field by field to the defaults, so the public web config always answers.
 */
function sectionOf<S extends WebConfigSection>(section: S, stored: unknown): WebConfig[S] {
  const schema = webSectionSchemas[section];
  const defaults = WEB_CONFIG_DEFAULTS[section];
  const whole = schema.safeParse(stored);
  if (whole.success) return whole.data as WebConfig[S];
  const merged: Record<string, unknown> = { ...defaults };
  if (typeof stored === 'object' && stored !== null) {
    for (const [field, value] of Object.entries(stored)) {
      if (!(field in defaults)) continue;
      const candidate = schema.safeParse({ ...merged, [field]: value });
      if (candidate.success) merged[field] = value;
    }
  }
  return schema.parse(merged) as WebConfig[S];
}

/** One section, read alone (a hot path needs one value, not the whole config). */
export async function readWebConfigSection<S extends WebConfigSection>(
  db: DbOrTx,
  name: S,
): Promise<WebConfig[S]> {
  const entries = await readConfigEntries(db, [name]);
  return sectionOf(name, entries.get(name)?.value);
}

/** The platform's own language (web config basic.lang): for notices sent to customers. */
export async function platformLang(db: DbOrTx): Promise<'cn' | 'en'> {
  return (await readWebConfigSection(db, 'basic')).lang;
}

/**
 * The display time zone (web config basic.utcOffsetMinutes, default +8 h): times the server
 * writes into words (notices, CSV exports) read as the consoles show them.
 */
export async function platformUtcOffset(db: DbOrTx): Promise<number> {
  return (await readWebConfigSection(db, 'basic')).utcOffsetMinutes;
}

/** Spec §3 web config, built from the system config rows. Holds no secret by construction. */
export async function buildWebConfig(db: DbOrTx): Promise<WebConfig> {
  const entries = await readConfigEntries(db, [...WEB_CONFIG_SECTIONS, ...FEATURE_SWITCH_KEYS]);
  const section = <S extends WebConfigSection>(name: S) => sectionOf(name, entries.get(name)?.value);
  const switches = Object.fromEntries(
    FEATURE_SWITCH_KEYS.map((key) => [key, entries.get(key)?.status === 1]),
  ) as Record<FeatureSwitchKey, boolean>;
  return {
    basic: section('basic'),
    power: section('power'),
    seo: section('seo'),
    contact: section('contact'),
    dns_rewrite: section('dns_rewrite'),
    otherSite: section('otherSite'),
    price: section('price'),
    custom: section('custom'),
    switches,
  };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function webConfigService(ctx: Pick<AppContext, 'db' | 'audit' | 'changes' | 'config'>) {
  const db = ctx.db;
  /** What the consoles see: NIMBUS_PUBLIC_URL, when set, is the console URL in force. */
  const effective = (config: WebConfig): WebConfig =>
    ctx.config.publicUrl
      ? { ...config, basic: { ...config.basic, consoleUrl: ctx.config.publicUrl } }
      : config;
  return {
    get: async () => effective(await buildWebConfig(db)),

    /** Saves one section (already validated by the request schema), audited with the changed field names. */
    async saveSection(request: WebConfigSaveRequest, admin: Actor, caller: Caller): Promise<WebConfig> {
      return writeTable(ctx, 'sys_config', async (tx) => {
        const repo = configRepository(tx);
        const current = await repo.byKeyForUpdate(request.section);
        const before = current ? parseObject(current.paramValue) : {};
        const paramValue = JSON.stringify(request.value);
        if (current) await repo.update(current.id, { paramValue });
        else
          await repo.insert({
            paramKey: request.section,
            paramValue,
            remark: `Web config: ${request.section}`,
            status: 1,
          });
        // Name servers apply to the zones already hosted too, not only to new ones (issue 22 §5).
        if (request.section === 'dns_rewrite' && before.dnsAddress !== request.value.dnsAddress)
          await requestNameserversSync(tx);
        await ctx.audit.record(
          admin,
          caller.ip,
          {
            action: 'webconfig.save',
            target: request.section,
            detail: { changed: changedFields(before, request.value) },
          },
          tx,
        );
        return effective(await buildWebConfig(tx));
      });
    },
  };
}
