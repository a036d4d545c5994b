import { notifyConfigSchemas, type NotifyConfigKey } from '@nimbus/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database';
import { readConfigEntries, readConfigEntry, type ConfigEntry } from '../config/config.read';

export type NotifyConfig<K extends NotifyConfigKey> = z.infer<(typeof notifyConfigSchemas)[K]>;

export interface NotifySetting<K extends NotifyConfigKey> {
  key: K;
  /** Row status 1: the channel or provider is switched on. */
  enabled: boolean;
  /** The saved settings with their real secrets, or undefined when incomplete or not valid. */
  config: NotifyConfig<K> | undefined;
}

/**
 * The saved e-mail / SMS settings as sending needs them (secrets included: this never leaves
 * the server). A row that is missing, not JSON or incomplete counts as "not configured".
 */
function toSetting<K extends NotifyConfigKey>(
  key: K,
  entry: ConfigEntry | null | undefined,
): NotifySetting<K> {
  if (!entry) return { key, enabled: false, config: undefined };
  const parsed = notifyConfigSchemas[key].safeParse(entry.value);
  return {
    key,
    enabled: entry.status === 1,
    config: parsed.success ? (parsed.data as NotifyConfig<K>) : undefined,
  };
}

export async function loadNotifySetting<K extends NotifyConfigKey>(
  db: DbOrTx,
  key: K,
): Promise<NotifySetting<K>> {
  return toSetting(key, await readConfigEntry(db, key));
}

/** Settings of several keys in one query, in the order of `keys`. */
export async function loadNotifySettings<K extends NotifyConfigKey>(
  db: DbOrTx,
  keys: readonly K[],
): Promise<NotifySetting<K>[]> {
  const entries = await readConfigEntries(db, keys);
  return keys.map((key) => toSetting(key, entries.get(key)));
}
