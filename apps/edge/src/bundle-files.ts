import fs from 'node:fs/promises';
import path from 'node:path';
import { BUNDLE_DIR_MARKER, type EdgeBundle } from '@nimbus/contract';
import { versionDirOf } from './main-conf';

export class BundlePathError extends Error {}

/** The files every version dir has: the main config includes both. */
const INCLUDED = ['http.conf', 'stream.conf'];

/**
 * A bundle path as a clean path inside the version dir. A console bug (or a forged answer) must
 * not make the agent, which runs as root, write anywhere else.
 */
export function safeBundlePath(raw: string): string {
  if (!raw || raw.includes('\0') || raw.includes('\\'))
    throw new BundlePathError(`bad file path: ${JSON.stringify(raw)}`);
  if (path.posix.isAbsolute(raw)) throw new BundlePathError(`absolute file path: ${raw}`);
  if (raw.split('/').includes('..')) throw new BundlePathError(`file path leaves the bundle: ${raw}`);
  const clean = path.posix.normalize(raw).replace(/\/+$/, '');
  if (!clean || clean === '.' || clean.startsWith('../')) throw new BundlePathError(`bad file path: ${raw}`);
  return clean;
}

export interface FileOwner {
  uid: number;
  gid: number;
}

/**
 * Writes a version into `<versionsDir>/v<N>.staging`, then renames it to `v<N>`: the final dir
 * either does not exist or is complete. Paths inside files name the final dir, not the staging one.
 * `secretOwner`: who must read private keys (a www-data worker reads `$ssl_server_name` keys itself).
 */
export async function stageBundle(
  bundle: EdgeBundle,
  versionsDir: string,
  secretOwner?: FileOwner,
): Promise<string> {
  const finalDir = versionDirOf(versionsDir, bundle.version);
  const staging = `${finalDir}.staging`;
  const files = bundle.files.map((file) => ({ ...file, path: safeBundlePath(file.path) }));

  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { recursive: true, mode: 0o755 });
  for (const file of files) {
    const target = path.join(staging, file.path);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
    if (file.secret) {
      await fs.writeFile(target, file.content, { mode: 0o600 });
      if (secretOwner) await fs.chown(target, secretOwner.uid, secretOwner.gid);
    } else {
      await fs.writeFile(target, file.content.replaceAll(BUNDLE_DIR_MARKER, finalDir), { mode: 0o644 });
    }
  }
  // A bundle without stream (or http) config is valid; an include of a missing file is not.
  for (const name of INCLUDED) {
    if (!files.some((f) => f.path === name))
      await fs.writeFile(path.join(staging, name), '', { mode: 0o644 });
  }
  // Left by a try that crashed after its rename but before it was tested or used.
  await fs.rm(finalDir, { recursive: true, force: true });
  await fs.rename(staging, finalDir);
  return finalDir;
}

/** Keeps the versions that may be needed (current, previous); drops older ones and leftovers. */
export async function pruneVersions(versionsDir: string, keep: number[]): Promise<void> {
  const names = await fs.readdir(versionsDir).catch(() => [] as string[]);
  const kept = new Set(keep.filter((v) => v > 0).map((v) => `v${v}`));
  for (const name of names) {
    if (!kept.has(name)) await fs.rm(path.join(versionsDir, name), { recursive: true, force: true });
  }
}

/** A `.staging` dir is a try that died before its rename: never trusted, always rebuilt. */
export async function discardStaging(versionsDir: string): Promise<void> {
  const names = await fs.readdir(versionsDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.staging'))) {
    await fs.rm(path.join(versionsDir, name), { recursive: true, force: true });
  }
}
