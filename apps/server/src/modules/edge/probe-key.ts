import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { EDGE_PATHS } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/app-error';
import { sysConfig } from '../config/config.schema';
import { publicConsoleUrl } from '../web-config/public-url';
import { edgeGroups, edgeNodes } from './edge.schema';

const PROBE_KEY = 'CDN_PROBE_KEY';

/**
 * The token external probes use to read the node list (and, with node monitoring, to post what
 * they measured). One per platform, made on first show and kept sealed like other secrets.
 */
export function probeKeyService(ctx: Pick<AppContext, 'db' | 'secrets' | 'config'>) {
  async function token(): Promise<string> {
    const [row] = await ctx.db.select().from(sysConfig).where(eq(sysConfig.paramKey, PROBE_KEY));
    if (row) return ctx.secrets.open((JSON.parse(row.paramValue) as { sealed: string }).sealed);
    const fresh = `probe_${crypto.randomBytes(32).toString('base64url')}`;
    await ctx.db
      .insert(sysConfig)
      .values({
        paramKey: PROBE_KEY,
        paramValue: JSON.stringify({ sealed: ctx.secrets.seal(fresh) }),
        remark: 'Node probe token',
      })
      .onConflictDoNothing();
    return token();
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
    async show() {
      const consoleUrl = await publicConsoleUrl(ctx);
      return {
        token: await token(),
        importUrl: consoleUrl ? `${consoleUrl}/api/${EDGE_PATHS.probeNodes}` : '',
      };
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
