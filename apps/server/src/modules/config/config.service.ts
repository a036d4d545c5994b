import { knownConfigValueSchema, type ConfigRecord, type Page } from '@nimbus/contract';
import type {
  configListRequestSchema,
  configSaveRequestSchema,
  configUpdateRequestSchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { BUILTIN_CONFIG_KEYS } from './config.defaults';
import { configRepository } from './config.repository';
import type { SysConfigRow } from './config.schema';
import { isJsonObject, mergeSecrets, redactParamValue, redactSecrets } from './config.secrets';

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

/** Top-level fields whose value changed (names only: the audit log never holds values). */
function changedFields(before: unknown, after: unknown): string[] {
  if (!isJsonObject(before) || !isJsonObject(after))
    return JSON.stringify(before) === JSON.stringify(after) ? [] : ['*'];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).sort();
}

export interface ConfigChange {
  record: ConfigRecord;
  changed: string[];
}

export function configService(db: Db) {
  const repo = configRepository(db);

  return {
    async list(request: ListRequest): Promise<Page<ConfigRecord>> {
      const { rows, total } = await repo.list(request);
      return { list: rows.map(toRecord), totalCount: total, pageSize: request.limit, currPage: request.page };
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

    async save(request: SaveRequest): Promise<ConfigRecord> {
      const value = mergeSecrets(
        request.paramKey,
        normalizeValue(request.paramKey, parseJson(request.paramValue)),
        undefined,
      );
      const row = await repo.insert({
        paramKey: request.paramKey,
        paramValue: JSON.stringify(value),
        remark: request.remark,
        status: request.status,
      });
      if (!row) throw conflict('config.keyExists', { key: request.paramKey });
      return toRecord(row);
    },

    async update(request: UpdateRequest): Promise<ConfigChange> {
      return db.transaction(async (tx) => updateIn(tx, request));
    },

    async toggleStatus(id: number): Promise<ConfigRecord> {
      const row = await repo.toggleStatus(id);
      if (!row) throw notFound();
      return toRecord(row);
    },

    /** Deletes all or nothing: a built-in key or an unknown id refuses the whole request. */
    async delete(ids: readonly number[]): Promise<{ deleted: number; keys: string[] }> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const txRepo = configRepository(tx);
        const rows = await txRepo.byIds(unique);
        if (rows.length !== unique.length) throw notFound();
        const builtin = rows.find((row) => BUILTIN_CONFIG_KEYS.has(row.paramKey));
        if (builtin) throw badRequest('config.builtinKey', { key: builtin.paramKey });
        const deleted = await txRepo.deleteByIds(unique);
        return { deleted, keys: rows.map((row) => row.paramKey) };
      });
    },
  };
}

async function updateIn(tx: DbOrTx, request: UpdateRequest): Promise<ConfigChange> {
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
  const value = mergeSecrets(
    request.paramKey,
    normalizeValue(request.paramKey, parseJson(request.paramValue)),
    stored,
  );
  const row = await repo.update(request.id, {
    paramKey: request.paramKey,
    paramValue: JSON.stringify(value),
    remark: request.remark,
    ...(request.status === undefined ? {} : { status: request.status }),
  });
  if (!row) throw notFound();
  return { record: toRecord(row), changed: changedFields(stored, value) };
}

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
