import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EDGE_CONTROL_HEADER, GEO_ENTRY_BYTES } from '@nimbus/contract';
import type { EdgeApi } from './api-client';
import type { Layout } from './config';
import { controlSecret } from './control';
import { writeFileAtomic } from './fs-atomic';
import type { Health } from './health';
import { httpGet } from './http-get';
import { sleep, type Log } from './log';

/*
 * The country table (contract geo-table.ts) on the node: downloaded from the console when its
 * hash differs from the file's, written where nimbus.geo reads it when nginx (re)loads its Lua.
 * It changes only when the console is upgraded, so the agent asks once an hour.
 */

const CHECK_EVERY_MS = 60 * 60_000;
const RETRY_MS = 60_000;

/** Where nimbus.geo (lua/geo.lua.ts) looks: `geo/countries.bin` beside `nimbus/geo.lua`. */
export const geoTableFile = (layout: Pick<Layout, 'luaDir'>) =>
  path.join(layout.luaDir, 'geo', 'countries.bin');

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

/** Brings the file up to the console's table; true when it wrote a new one. */
export async function refreshGeoTable(
  api: Pick<EdgeApi, 'geo' | 'geoTable'>,
  layout: Pick<Layout, 'luaDir'>,
  log: Log,
): Promise<boolean> {
  const file = geoTableFile(layout);
  const wanted = await api.geo();
  const held = await fs.readFile(file).catch(() => undefined);
  if (held && sha256(held) === wanted.hash) return false;
  const table = await api.geoTable();
  // A cut or swapped download must not become the node's idea of where visitors are.
  if (sha256(table) !== wanted.hash || table.length % GEO_ENTRY_BYTES !== 0)
    throw new Error('the country table downloaded does not match its hash');
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o755 });
  await writeFileAtomic(file, table);
  log(`country table ${wanted.hash.slice(0, 12)}: ${wanted.entries} entries`);
  return true;
}

/** Entries the running nginx loaded (0: none), or undefined when it has no Lua or no answer. */
export async function loadedGeoEntries(port: number, layout: Pick<Layout, 'controlSecretConf'>) {
  try {
    const answer = await httpGet({
      address: '127.0.0.1',
      port,
      path: '/nimbus/geo',
      headers: { [EDGE_CONTROL_HEADER.toLowerCase()]: controlSecret(layout) },
      timeoutMs: 5_000,
    });
    return answer.status === 200 && /^\d+$/.test(answer.body) ? Number(answer.body) : undefined;
  } catch {
    return undefined;
  }
}

export interface GeoSyncDeps {
  api: Pick<EdgeApi, 'geo' | 'geoTable'>;
  layout: Pick<Layout, 'luaDir' | 'controlSecretConf'>;
  controlPort: number;
  health: Pick<Health, 'set'>;
  log: Log;
  /** Makes nginx read its Lua again (a reload), so a new table is used. */
  reload: () => Promise<void>;
  stopped: () => boolean;
}

/**
 * After the agent's first try (before nginx starts, so a new node loads the table with its first
 * start): checks again from time to time, reloads nginx when the table changed, and says the
 * node is degraded while nginx runs without one.
 */
export async function geoLoop(deps: GeoSyncDeps, firstTryOk: boolean): Promise<void> {
  let wait = firstTryOk ? CHECK_EVERY_MS : RETRY_MS;
  const file = geoTableFile(deps.layout);
  for (;;) {
    const loaded = await loadedGeoEntries(deps.controlPort, deps.layout);
    deps.health.set(
      'geo',
      loaded === 0
        ? {
            reason: 'other',
            detail:
              'no country table loaded: region lists and WAF country conditions see every visitor without a country',
          }
        : undefined,
    );
    await sleep(wait);
    if (deps.stopped()) return;
    try {
      const written = await refreshGeoTable(deps.api, deps.layout, deps.log);
      // Also when the file came after nginx started (a first try that finished late).
      const unloaded =
        loaded === 0 &&
        (await fs.stat(file).then(
          () => true,
          () => false,
        ));
      if (written || unloaded) await deps.reload();
      wait = CHECK_EVERY_MS;
    } catch (error) {
      deps.log(`country table: ${(error as Error).message}`);
      wait = RETRY_MS;
    }
  }
}
