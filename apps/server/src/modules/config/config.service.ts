import { knownConfigValueSchema, type ConfigRecord, type Page } from '@nimbus/contract';
import type {
  configListRequestSchema,
  configSaveRequestSchema,
  configUpdateRequestSchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { changedFields } from './config.diff';
import { BUILTIN_CONFIG_KEYS } from './config.defaults';
import { configRepository } from './config.repository';
import type { SysConfigRow } from './config.schema';
import { mergeSecrets, redactParamValue, redactSecrets, secretProblem } from './config.secrets';
import { writeTable } from '../../platform/db/write-table';
import { checkedValue } from './config.values';
import { pageOf } from '../../platform/db/paging';
import { republishOnOriginPolicy } from '../origin-policy/origin-policy.service';
import { checkSwitchNeedsPublicUrl } from '../web-config/public-url';

type ListRequest = z.infer<typeof configListRequestSchema>;
type SaveRequest = z.infer<typeof configSaveRequestSchema>;
type UpdateRequest = z.infer<typeof configUpdateRequestSchema>;

/** What a response may show of a row: secrets blanked. */
export function toRecord(row: SysConfigRow): ConfigRecord {
  return {
    id: row.id,
    paramKey: row.paramKey,
    paramValue: redactParamValue(row.paramKey, row.paramValue),
    remark: row.remark,
    status: row.status,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('config.invalidJson', { field: 'paramValue' });
  }
}

/** Known keys are stored in their schema's normal form (trimmed, defaults filled, unknown fields dropped). */
export function normalizeValue(paramKey: string, value: unknown): unknown {
  const schema = knownConfigValueSchema(paramKey);
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  // The request schema already refused invalid values; this guards callers that skip it.
  if (!parsed.success) throw badRequest('validation.invalid', { field: paramKey });
  return parsed.data;
}

/**
 * Spec §7 system config. Every write and its audit row (names of changed fields, never
 * values) commit in one transaction.
 */
export function configService(ctx: Pick<AppContext, 'db' | 'audit' | 'changes' | 'config' | 'jobs'>) {
  const db = ctx.db;
  const repo = configRepository(db);

  return {
    async list(request: ListRequest): Promise<Page<ConfigRecord>> {
      const { rows, total } = await repo.list(request);
      return pageOf(rows.map(toRecord), total, request);
    },

    async info(id: number): Promise<ConfigRecord> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      return toRecord(row);
    },

    async infoByKey(paramKey: string): Promise<ConfigRecord> {
      const row = await repo.byKey(paramKey);
      if (!row) throw notFound();
      return toRecord(row);
    },

    async valueByKey(paramKey: string): Promise<unknown> {
      const row = await repo.byKey(paramKey);
      if (!row) throw notFound();
      return redactSecrets(row.paramKey, parseJson(row.paramValue));
    },

    async save(request: SaveRequest, admin: Actor, caller: Caller): Promise<ConfigRecord> {
      const value = storableValue(request.paramKey, parseJson(request.paramValue), undefined);
      return writeTable(ctx, 'sys_config', async (tx) => {
        const row = await configRepository(tx).insert({
          paramKey: request.paramKey,
          paramValue: JSON.stringify(value),
          remark: request.remark,
          status: request.status,
        });
        if (!row) throw conflict('config.keyExists', { key: request.paramKey });
        await checkSwitchNeedsPublicUrl({ db: tx, config: ctx.config }, row);
        await republishOnOriginPolicy(tx, ctx.jobs, [row.paramKey]);
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'config.save', target: row.paramKey, detail: { id: row.id } },
          tx,
        );
        return toRecord(row);
      });
    },

    async update(request: UpdateRequest, admin: Actor, caller: Caller): Promise<ConfigRecord> {
      return writeTable(ctx, 'sys_config', async (tx) => {
        const { row, changed } = await updateIn(tx, request);
        await checkSwitchNeedsPublicUrl({ db: tx, config: ctx.config }, row);
        await republishOnOriginPolicy(tx, ctx.jobs, [row.paramKey]);
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'config.update', target: row.paramKey, detail: { id: row.id, changed } },
          tx,
        );
        return toRecord(row);
      });
    },

    async toggleStatus(id: number, admin: Actor, caller: Caller): Promise<ConfigRecord> {
      return writeTable(ctx, 'sys_config', async (tx) => {
        const row = await configRepository(tx).toggleStatus(id);
        if (!row) throw notFound();
        await checkSwitchNeedsPublicUrl({ db: tx, config: ctx.config }, row);
        await republishOnOriginPolicy(tx, ctx.jobs, [row.paramKey]);
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'config.status', target: row.paramKey, detail: { id: row.id, status: row.status } },
          tx,
        );
        return toRecord(row);
      });
    },

    /** Deletes all or nothing: a built-in key or an unknown id refuses the whole request. */
    async delete(ids: readonly number[], admin: Actor, caller: Caller): Promise<number> {
      const unique = [...new Set(ids)];
      return writeTable(ctx, 'sys_config', async (tx) => {
        const txRepo = configRepository(tx);
        const rows = await txRepo.byIds(unique);
        if (rows.length !== unique.length) throw notFound();
        const builtin = rows.find((row) => BUILTIN_CONFIG_KEYS.has(row.paramKey));
        if (builtin) throw badRequest('config.builtinKey', { key: builtin.paramKey });
        const deleted = await txRepo.deleteByIds(unique);
        await republishOnOriginPolicy(
          tx,
          ctx.jobs,
          rows.map((row) => row.paramKey),
        );
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'config.delete', target: rows.map((row) => row.paramKey).join(','), detail: { ids } },
          tx,
        );
        return deleted;
      });
    },
  };
}

async function updateIn(
  tx: DbOrTx,
  request: UpdateRequest,
): Promise<{ row: SysConfigRow; changed: string[] }> {
  const repo = configRepository(tx);
  const current = await repo.byIdForUpdate(request.id);
  if (!current) throw notFound();
  if (current.paramKey !== request.paramKey) {
    if (BUILTIN_CONFIG_KEYS.has(current.paramKey))
      throw badRequest('config.builtinKey', { key: current.paramKey });
    if (await repo.keyTakenByOther(request.paramKey, request.id))
      throw conflict('config.keyExists', { key: request.paramKey });
  }
  const stored = parseStored(current.paramValue);
  const value = storableValue(request.paramKey, parseJson(request.paramValue), stored);
  const row = await repo.update(request.id, {
    paramKey: request.paramKey,
    paramValue: JSON.stringify(value),
    remark: request.remark,
    ...(request.status === undefined ? {} : { status: request.status }),
  });
  if (!row) throw notFound();
  return { row, changed: changedFields(stored, value) };
}

/** The value to store: normalised, write-only secrets kept where allowed (see secretProblem). */
function storableValue(paramKey: string, incoming: unknown, stored: unknown): unknown {
  const value = checkedValue(paramKey, normalizeValue(paramKey, incoming));
  const problem = secretProblem(paramKey, value, stored);
  if (problem) throw badRequest(problem.messageKey, problem.params);
  return mergeSecrets(paramKey, value, stored);
}

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
