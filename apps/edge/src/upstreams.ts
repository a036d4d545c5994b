import dns from 'node:dns';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import {
  addressRefusal,
  EDGE_MANIFEST_FILE,
  edgeManifestSchema,
  type EdgeManifest,
  type EdgeUpstream,
} from '@nimbus/contract';
import { readFileIfExists, writeFileAtomic } from './fs-atomic';

/*
 * The upstream files of a version (ADR 0030). The compiler writes no origin address into nginx:
 * each upstream block includes `upstreams/<name>.conf`, and the manifest lists its servers as
 * the customer wrote them. Here host names are resolved, every address (a name's answers and IP
 * literals alike, so rows saved before the console's check cannot reach them either) in a refused
 * range the bundle's allow-list does not permit is dropped, and the rest written as
 * `server <ip>:<port>` lines. nginx never resolves a name itself, so a name that does not resolve
 * cannot fail the load of every other tenant's sites.
 */

/** A host name's addresses (A and AAAA); none when it does not resolve. */
export type Resolve = (name: string) => Promise<string[]>;

/**
 * Where an upstream with no usable address points: `down`, so nginx never connects and answers
 * 502, at a documentation address (RFC 5737) that is routed nowhere should it ever try.
 * An upstream needs one server to load, and nginx accepts one that is only `down`.
 */
export const UNUSABLE_SERVER = 'server 192.0.2.1:9 down;';

const hostPort = (ip: string, port: number) => (net.isIPv6(ip) ? `[${ip}]:${port}` : `${ip}:${port}`);

/**
 * The resolver: the system's (getaddrinfo, as every other program of the node), or a DNS server
 * of the operator's choice (`--resolver`), asked for A and AAAA directly.
 */
export function resolverOf(server: string | undefined, timeoutMs = 3_000): Resolve {
  if (!server)
    return async (name) =>
      (await dns.promises.lookup(name, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  const resolver = new dns.promises.Resolver({ timeout: timeoutMs, tries: 2 });
  resolver.setServers([server]);
  return async (name) => {
    const [v4, v6] = await Promise.all([
      resolver.resolve4(name).catch(() => [] as string[]),
      resolver.resolve6(name).catch(() => [] as string[]),
    ]);
    return [...v4, ...v6];
  };
}

/** Each name's answers, asked once however many upstreams use it; an IP literal answers itself. */
export async function resolveAll(upstreams: readonly EdgeUpstream[], resolve: Resolve) {
  const names = [...new Set(upstreams.flatMap((u) => u.servers.map((s) => s.address)))];
  const answers = await Promise.all(
    names.map(async (name) => (net.isIP(name) ? [name] : await resolve(name).catch(() => []))),
  );
  return new Map(names.map((name, i) => [name, answers[i]!]));
}

/**
 * One upstream file: every usable address of each server, sorted so an unchanged answer set is an
 * unchanged file. A comment names each address left out and why. With no usable main server the
 * placeholder stands in for them: the backups (if any) still serve, else every request gets 502.
 */
export function upstreamFile(
  upstream: EdgeUpstream,
  answers: ReadonlyMap<string, readonly string[]>,
  allowRanges: readonly string[],
): string {
  const lines: string[] = [];
  let mains = 0;
  const health =
    (upstream.maxFails === undefined ? '' : ` max_fails=${upstream.maxFails}`) +
    (upstream.failTimeout === undefined ? '' : ` fail_timeout=${upstream.failTimeout}s`);
  for (const server of upstream.servers) {
    // Quoted in comments only, and only when it cannot end the comment.
    const name = /^[A-Za-z0-9.:_-]+$/.test(server.address) ? server.address : 'origin';
    // Only addresses reach the file: whatever a resolver answers is never written as config text.
    const found = [...new Set(answers.get(server.address) ?? [])].filter((a) => net.isIP(a) !== 0).sort();
    if (found.length === 0) lines.push(`# ${name}: no address`);
    for (const ip of found) {
      const refused = addressRefusal(ip, allowRanges);
      if (refused) {
        lines.push(`# ${name}: ${ip} not used (${refused})`);
        continue;
      }
      if (!server.backup) mains++;
      lines.push(
        `server ${hostPort(ip, server.port)} weight=${server.weight}${health}${server.backup ? ' backup' : ''};`,
      );
    }
  }
  if (mains === 0) lines.push(UNUSABLE_SERVER);
  return `${lines.join('\n')}\n`;
}

/** The manifest of a version dir; undefined for a bundle from before it listed upstreams. */
async function manifestOf(dir: string): Promise<EdgeManifest | undefined> {
  const text = await readFileIfExists(path.join(dir, EDGE_MANIFEST_FILE));
  if (text === undefined) return undefined;
  try {
    const parsed = edgeManifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A manifest's upstream file path, kept inside the version dir (the agent runs as root). */
function upstreamTarget(dir: string, file: string): string {
  const target = path.resolve(dir, file);
  if (!target.startsWith(`${dir}/upstreams/`)) throw new Error(`upstream file outside the bundle: ${file}`);
  return target;
}

/**
 * Resolves and writes every upstream file of a version dir. Returns whether any file's content
 * changed (the caller reloads nginx then) — a first write counts as a change.
 */
export async function writeUpstreams(dir: string, resolve: Resolve): Promise<boolean> {
  const manifest = await manifestOf(dir);
  if (!manifest || manifest.upstreams.length === 0) return false;
  const answers = await resolveAll(manifest.upstreams, resolve);
  let changed = false;
  for (const upstream of manifest.upstreams) {
    const target = upstreamTarget(dir, upstream.file);
    const content = upstreamFile(upstream, answers, manifest.allowRanges);
    if ((await readFileIfExists(target)) === content) continue;
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
    await writeFileAtomic(target, content);
    changed = true;
  }
  return changed;
}
