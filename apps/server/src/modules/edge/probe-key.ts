import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { EDGE_PATHS } from '@nimbus/contract';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import type { Caller } from '../../platform/http/caller';
import { unauthorized } from '../../platform/http/app-error';
import { sysConfig } from '../config/config.schema';
import { publicConsoleUrl } from '../web-config/public-url';
import { edgeGroups, edgeNodes } from './edge.schema';

const PROBE_KEY = 'CDN_PROBE_KEY';

/** The stored row: the key sealed (it is shown again, so not hashed) and when it was made. */
interface StoredKey {
  sealed: string;
  createdAt?: string;
}

const freshKey = () => `probe_${crypto.randomBytes(32).toString('base64url')}`;

/**
 * The token external probes use to read the node list (and, with node monitoring, to post what
 * they measured). One per platform, made on first show and kept sealed like other secrets; the
 * DNS admin's authorization screen shows it again and rotates it.
 */
export function probeKeyService(ctx: Pick<AppContext, 'db' | 'secrets' | 'config' | 'audit'>) {
  async function stored(db: DbOrTx = ctx.db): Promise<StoredKey | undefined> {
    const [row] = await db.select().from(sysConfig).where(eq(sysConfig.paramKey, PROBE_KEY));
    return row ? (JSON.parse(row.paramValue) as StoredKey) : undefined;
  }

  const valueOf = (key: string): string =>
    JSON.stringify({
      sealed: ctx.secrets.seal(key),
      createdAt: new Date().toISOString(),
    } satisfies StoredKey);

  async function token(): Promise<string> {
    const row = await stored();
    if (row) return ctx.secrets.open(row.sealed);
    await ctx.db
      .insert(sysConfig)
      .values({ paramKey: PROBE_KEY, paramValue: valueOf(freshKey()), remark: 'Node probe token' })
      .onConflictDoNothing();
    return token();
  }

  async function show() {
    const consoleUrl = await publicConsoleUrl(ctx);
    return {
      token: await token(),
      importUrl: consoleUrl ? `${consoleUrl}/api/${EDGE_PATHS.probeNodes}` : '',
    };
  }

  /**
   * Passes only a request that carries the probe token as `authorization: Bearer <token>`.
   * Compared as SHA-256 digests: timingSafeEqual needs equal lengths, and comparing the digests
   * tells a caller nothing, not even the token's length, from how long the answer takes.
   */
  async function verify(authorization: string | undefined): Promise<void> {
    const given = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '';
    const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
    if (!crypto.timingSafeEqual(digest(given), digest(await token()))) throw unauthorized('edge.badToken');
  }

  return {
    verify,
    /** The token and the import URL; the URL is empty until the public console URL is set. */
    show,
    /**
     * When the current key was made; undefined for a key kept before this was recorded. Makes
     * the key first when there is none yet: the screen asks for this and the key at the same time.
     */
    async createdAt(): Promise<string | undefined> {
      await token();
      return (await stored())?.createdAt;
    },
    /**
     * A new key in place of the old one, audited in the same transaction. verify() reads the
     * stored key on every request, so the old key is refused from the moment this commits.
     */
    async rotate(admin: Actor, caller: Caller) {
      await ctx.db.transaction(async (tx) => {
        const paramValue = valueOf(freshKey());
        await tx
          .insert(sysConfig)
          .values({ paramKey: PROBE_KEY, paramValue, remark: 'Node probe token' })
          .onConflictDoUpdate({ target: sysConfig.paramKey, set: { paramValue } });
        await ctx.audit.record(admin, caller.ip, { action: 'edge.probe.key.rotate' }, tx);
      });
      return show();
    },
    /** Enabled nodes as probes need them: where to look and which line each serves. */
    async nodesFor(authorization: string | undefined) {
      await verify(authorization);
      const rows = await ctx.db
        .select({
          id: edgeNodes.id,
          name: edgeNodes.name,
          ipv4: edgeNodes.ipv4,
          ipv6: edgeNodes.ipv6,
          line: edgeNodes.line,
          group: edgeGroups.name,
        })
        .from(edgeNodes)
        .innerJoin(edgeGroups, eq(edgeGroups.id, edgeNodes.groupId))
        .where(eq(edgeNodes.enabled, true))
        .orderBy(edgeNodes.id);
      return rows;
    },
  };
}
