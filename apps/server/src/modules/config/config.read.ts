import type { DbOrTx } from '../../platform/db/database';
import { configRepository } from './config.repository';

export interface ConfigEntry<T = unknown> {
  id: number;
  paramKey: string;
  /** 1 on, 0 off. */
  status: number;
  remark: string;
  /** The parsed paramValue WITH its secrets: server-side use only, never send it out. */
  value: T;
}

function parse(paramValue: string): unknown {
  try {
    return JSON.parse(paramValue);
  } catch {
    return null;
  }
}

/** A config row with its real (secret-bearing) value, for modules that use it server-side. */
export async function readConfigEntry<T = Record<string, unknown>>(
  db: DbOrTx,
  paramKey: string,
): Promise<ConfigEntry<T> | null> {
  const row = await configRepository(db).byKey(paramKey);
  if (!row) return null;
  return {
    id: row.id,
    paramKey: row.paramKey,
    status: row.status,
    remark: row.remark,
    value: parse(row.paramValue) as T,
  };
}

/** The parsed value (with secrets) of a config key, or null when the key does not exist. */
export async function readConfigValue<T = Record<string, unknown>>(
  db: DbOrTx,
  paramKey: string,
): Promise<T | null> {
  return (await readConfigEntry<T>(db, paramKey))?.value ?? null;
}

/** Several keys at once (web config): paramKey → entry. */
export async function readConfigEntries(
  db: DbOrTx,
  paramKeys: readonly string[],
): Promise<Map<string, ConfigEntry>> {
  const rows = await configRepository(db).byKeys(paramKeys);
  return new Map(
    rows.map((row) => [
      row.paramKey,
      {
        id: row.id,
        paramKey: row.paramKey,
        status: row.status,
        remark: row.remark,
        value: parse(row.paramValue),
      },
    ]),
  );
}
