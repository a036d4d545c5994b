import fs from 'node:fs/promises';
import path from 'node:path';
import {
  EDGE_MANIFEST_FILE,
  edgeManifestSchema,
  type EdgeBundleItem,
  type EdgeItemFailure,
} from '@nimbus/contract';
import { readFileIfExists, writeFileAtomic } from './fs-atomic';

/*
 * The items of a version dir (sites, forwarding rules; see manifest.json) and how one is left
 * out: its own file gets the item's config from the previous version ("kept": it keeps serving
 * what it served) or, failing that, a comment ("out"). Which items are left out is written to
 * `isolated.json` in the version dir, so a restart serves the same and reports it again.
 */
export type ItemMode = 'own' | 'kept' | 'out';

export interface ItemState {
  item: EdgeBundleItem;
  mode: ItemMode;
  /** nginx's error about this item, paths relative to the version dir. */
  error?: string;
}

const ISOLATED_FILE = 'isolated.json';
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
const keyOf = (item: Pick<EdgeBundleItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The items of a version dir and what an earlier start left out of it (none for old bundles). */
export async function loadItems(dir: string): Promise<ItemState[]> {
  const text = await readFileIfExists(path.join(dir, EDGE_MANIFEST_FILE));
  // No manifest (a console from before ADR 0031) or an unreadable one: nothing to isolate by.
  const parsed = text === undefined ? undefined : edgeManifestSchema.safeParse(parseJson(text));
  if (!parsed?.success) return [];
  const isolated = await readIsolated(dir);
  return parsed.data.items.map((item) => {
    const left = isolated.get(keyOf(item));
    return left ? { item, mode: left.mode, error: left.error } : { item, mode: 'own' };
  });
}

async function readIsolated(dir: string): Promise<Map<string, { mode: ItemMode; error: string }>> {
  const text = await readFileIfExists(path.join(dir, ISOLATED_FILE));
  const parsed = text === undefined ? [] : parseJson(text);
  // Written atomically by us: anything else is an outside hand, and nothing is left out then.
  const rows = Array.isArray(parsed) ? (parsed as (EdgeItemFailure & { mode: ItemMode })[]) : [];
  return new Map(rows.map((r) => [keyOf(r), { mode: r.mode, error: r.error }]));
}

export async function writeIsolated(dir: string, states: readonly ItemState[]): Promise<void> {
  const rows = states
    .filter((s) => s.mode !== 'own')
    .map((s) => ({ kind: s.item.kind, id: s.item.id, mode: s.mode, error: s.error ?? '' }));
  if (rows.length === 0) await fs.rm(path.join(dir, ISOLATED_FILE), { force: true });
  else await writeFileAtomic(path.join(dir, ISOLATED_FILE), `${JSON.stringify(rows)}\n`);
}

/** What the console is told: each left-out item with its own error, nothing of the node's paths. */
export const failuresOf = (states: readonly ItemState[]): EdgeItemFailure[] =>
  states
    .filter((s) => s.mode !== 'own')
    .map((s) => ({ kind: s.item.kind, id: s.item.id, error: (s.error ?? '').slice(0, 2000) }));

/** An error as its item's owner may read it: paths relative to the version, no node directory. */
export function ownerError(error: string, dir: string, dataDir: string): string {
  return error.replaceAll(`${dir}/kept/`, '').replaceAll(`${dir}/`, '').replaceAll(dataDir, '…');
}

/**
 * The items an nginx error is about: one whose file or certificate it names (`… in
 * <dir>/sites/12.conf:3`, `SSL_CTX_use_certificate("<dir>/certs/5.pem")`), or that listens on the
 * port of a failed bind.
 */
export function implicated(error: string, dir: string, states: readonly ItemState[]): ItemState[] {
  const named = new Set<string>();
  for (const match of error.matchAll(new RegExp(`${escape(dir)}/([A-Za-z0-9._/-]+)`, 'g')))
    named.add(match[1]!.replace(/^kept\//, ''));
  const port = /bind\(\) to \S+:(\d+) failed/.exec(error)?.[1];
  return states.filter(
    ({ item, mode }) =>
      mode !== 'out' &&
      (named.has(item.file) ||
        item.uses.some((u) => named.has(u)) ||
        (port !== undefined && item.ports.includes(Number(port)))),
  );
}

/**
 * The item's config from the previous version, rewritten to live in `dir` (the files it reads
 * copied under `kept/`, since this version may hold other content under the same names), or
 * undefined when the previous version did not serve it.
 */
async function previousConfig(
  state: ItemState,
  dir: string,
  previousDir: string,
): Promise<string | undefined> {
  const before = (await loadItems(previousDir)).find((s) => keyOf(s.item) === keyOf(state.item));
  if (!before || before.mode === 'out') return undefined;
  let content = await readFileIfExists(path.join(previousDir, before.item.file));
  if (content === undefined) return undefined;
  const referenced = new Set(
    [...content.matchAll(new RegExp(`${escape(previousDir)}/([A-Za-z0-9._/-]+)`, 'g'))].map((m) => m[1]!),
  );
  for (const rel of referenced) {
    const kept = rel.startsWith('kept/') ? rel : `kept/${rel}`;
    const from = path.join(previousDir, rel);
    const to = path.join(dir, kept);
    const stat = await fs.stat(from).catch(() => undefined);
    if (!stat) return undefined;
    await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o755 });
    await fs.copyFile(from, to);
    // A key stays as private as it was (0600, owned by who reads it).
    await fs.chmod(to, stat.mode & 0o777);
    await fs.chown(to, stat.uid, stat.gid).catch(() => undefined);
    content = content.replaceAll(`${previousDir}/${rel}`, `${dir}/${kept}`);
  }
  return content;
}

/** Leaves an item out: its previous config when it had a working one, else nothing. */
export async function leaveOut(state: ItemState, error: string, dir: string, previousDir?: string) {
  const kept =
    state.mode === 'own' && previousDir ? await previousConfig(state, dir, previousDir) : undefined;
  const { kind, id, file } = state.item;
  await fs.writeFile(
    path.join(dir, file),
    kept ?? `# ${kind} ${id} left out: nginx refused its config on this node\n`,
  );
  state.mode = kept === undefined ? 'out' : 'kept';
  state.error = error;
}

/** For a bisect: the item's file with or without its config, put back afterwards. */
export async function itemFiles(dir: string, states: readonly ItemState[]) {
  const saved = new Map<ItemState, string>();
  for (const s of states) saved.set(s, await fs.readFile(path.join(dir, s.item.file), 'utf8'));
  return {
    async only(enabled: readonly ItemState[]) {
      for (const [s, content] of saved)
        await fs.writeFile(path.join(dir, s.item.file), enabled.includes(s) ? content : '');
    },
    async restore() {
      for (const [s, content] of saved) await fs.writeFile(path.join(dir, s.item.file), content);
    },
  };
}
