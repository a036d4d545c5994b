import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../platform/db/database';
import type { acmeChallenges } from '../certificate/certificate.schema';
import { certificateRepository } from '../certificate/certificate.repository';
import { ownershipProven } from '../site/site-ownership.repository';
import { sites } from '../site/site.schema';
import { enabledStreamsOfGroup } from '../stream/stream.repository';
import { bundleRepository, type BundleHead } from './bundle.repository';
import { compileBundle } from './compiler/compile';
import type { CompileInput, CompileOutput, CompileSite } from './compiler/types';
import { edgeGroups, edgeNodes } from './edge.schema';
import { readOriginPolicy } from '../origin-policy/origin-policy.service';
import { notifyNodes } from './node-signals';
import { servingSettingsOf } from '../site/serving-settings';
import { enabledForceRedirectsOfGroup } from '../site-redirect/force.repository';
import { enabledRewritesOfGroup } from '../site-redirect/rewrite.repository';

type SiteRow = typeof sites.$inferSelect;
type ChallengeRow = typeof acmeChallenges.$inferSelect;
/** A group's redirects by site id, each loaded in one query for the whole group. */
interface Redirects {
  rewrites: Map<number, CompileSite['rewrites']>;
  forces: Map<number, NonNullable<CompileSite['forceRedirect']>>;
}

/**
 * The site's forced redirect as the edge may serve it: to HTTPS only while the site is served
 * over HTTPS (its certificate may be gone or not issued yet), or visitors would be sent to a
 * port that does not answer for it.
 */
function forceRedirectOf(row: SiteRow, redirects: Redirects): CompileSite['forceRedirect'] {
  const force = redirects.forces.get(row.id);
  if (!force || (force.kind === 'https' && !row.httpsEnabled)) return null;
  return force;
}

function toCompileSite(row: SiteRow, challenges: ChallengeRow[], redirects: Redirects): CompileSite {
  return {
    id: row.id,
    customerId: row.customerId,
    domain: row.domain,
    originProtocol: row.originProtocol,
    balance: row.balance,
    origins: row.origins,
    httpPorts: row.httpPorts,
    httpsPorts: row.httpsPorts,
    httpsEnabled: row.httpsEnabled,
    certificateId: row.certificateId,
    forceHttps: row.forceHttps,
    acmeChallenges: challenges
      .filter((c) => c.siteId === row.id)
      .map((c) => ({ token: c.token, keyAuthorization: c.keyAuthorization })),
    settings: servingSettingsOf(row),
    rewrites: redirects.rewrites.get(row.id) ?? [],
    forceRedirect: forceRedirectOf(row, redirects),
  };
}

export function bundleHash(output: CompileOutput): string {
  return crypto.createHash('sha256').update(JSON.stringify(output)).digest('hex');
}

/**
 * Renders every node of a group from what is saved now and stores a new version for each
 * node whose files changed. Runs as the `edge_publish` job after the change committed.
 */
export function publishService(db: Db) {
  return {
    async publishGroup(groupId: number): Promise<void> {
      await db.transaction(async (tx) => {
        // Changes take this row's lock to get their revision, so none can commit while we read:
        // the revision we stamp is exactly what the files contain.
        const [group] = await tx.select().from(edgeGroups).where(eq(edgeGroups.id, groupId)).for('update');
        if (!group) return;
        const nodes = await tx.select().from(edgeNodes).where(eq(edgeNodes.groupId, groupId));
        const served = await groupContent(tx, groupId);
        // Carried in every bundle: the agent filters addresses (and names' answers) with it.
        const { allowRanges } = await readOriginPolicy(tx);
        const rendered = nodes.map((node) => ({
          node,
          // A disabled node is out of service: it keeps its agent but serves nothing.
          output: compileBundle({
            node: { id: node.id, listenAddress: node.listenAddress },
            ...(node.enabled ? served : { sites: [], streams: [], certificates: [] }),
            allowRanges,
          }),
        }));
        await storeVersions(tx, rendered, group.revision);
      });
    },
  };
}

/** What every enabled node of the group serves: sites, their certificates and challenges, streams. */
export async function groupContent(
  tx: DbTx,
  groupId: number,
): Promise<Omit<CompileInput, 'node' | 'allowRanges'>> {
  const siteRows = (
    await tx
      .select()
      .from(sites)
      .where(
        and(
          eq(sites.nodeGroupId, groupId),
          eq(sites.enabled, true),
          eq(sites.suspended, false),
          ownershipProven(),
        ),
      )
  ).sort((a, b) => a.id - b.id);
  const certificateRepo = certificateRepository(tx);
  const challenges = await certificateRepo.challengesForSites(siteRows.map((s) => s.id));
  // Only certificates a site serves and that exist (a first ACME order has no PEM yet); such a
  // site is served over HTTP only until its certificate arrives.
  const used = siteRows
    .filter((s) => s.httpsEnabled && s.certificateId !== null)
    .map((s) => s.certificateId!);
  const certs = (await certificateRepo.byIds([...new Set(used)])).filter((c) => c.certPem !== '');
  const usable = new Set(certs.map((c) => c.id));
  // Sites left out above (disabled, unproved) are never looked up in these maps.
  const redirects: Redirects = {
    rewrites: await enabledRewritesOfGroup(tx, groupId),
    forces: await enabledForceRedirectsOfGroup(tx, groupId),
  };
  return {
    sites: siteRows.map((row) =>
      toCompileSite(
        usable.has(row.certificateId ?? 0) ? row : { ...row, httpsEnabled: false, forceHttps: false },
        challenges,
        redirects,
      ),
    ),
    streams: await enabledStreamsOfGroup(tx, groupId),
    certificates: certs.sort((a, b) => a.id - b.id).map((c) => ({ id: c.id, certPem: c.certPem })),
  };
}

/**
 * A new version for each node whose files changed, in a few statements for the whole group
 * (not a few per node: a group of 1,000 nodes would hold the group's lock, and so every save to
 * it, for thousands of round trips); nodes whose files stayed the same only carry the revision.
 */
async function storeVersions(
  tx: DbTx,
  rendered: { node: typeof edgeNodes.$inferSelect; output: CompileOutput }[],
  revision: number,
): Promise<void> {
  const bundles = bundleRepository(tx);
  const latest = await bundles.latestHeads(rendered.map(({ node }) => node.id));
  const same: BundleHead[] = [];
  const fresh: {
    node: typeof edgeNodes.$inferSelect;
    output: CompileOutput;
    hash: string;
    version: number;
  }[] = [];
  for (const { node, output } of rendered) {
    const head = latest.get(node.id);
    const hash = bundleHash(output);
    if (head?.hash === hash) {
      if (head.revision < revision) same.push(head);
    } else fresh.push({ node, output, hash, version: (head?.version ?? 0) + 1 });
  }
  await bundles.raiseRevisions(same, revision);
  await bundles.insertMany(
    fresh.map(({ node, output, hash, version }) => ({
      nodeId: node.id,
      version,
      revision,
      hash,
      files: output.files,
      keyFiles: output.keyFiles,
    })),
  );
  await bundles.pruneMany(
    fresh.map(({ node, version }) => ({ nodeId: node.id, newest: version, applied: node.appliedVersion })),
  );
  await notifyNodes(
    tx,
    fresh.map(({ node }) => node.id),
  );
}
