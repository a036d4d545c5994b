import type { ForceRedirectSettings, RewriteRuleSettings, SiteServingSettings } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { DbTx } from '../../platform/db/database';
import { siteConfig } from '../edge/compiler/site';
import type { CompileSite } from '../edge/compiler/types';
import { enabledForceRedirectsOfGroup } from '../site-redirect/force.repository';
import { enabledRewritesOfGroup } from '../site-redirect/rewrite.repository';
import { siteHistoryRepository } from './site-history.repository';
import { sites } from './site.schema';
import { servingSettingsOf } from './serving-settings';

type SiteRecord = typeof sites.$inferSelect;

/** Who saved a version: the customer, or an admin logged in as them. */
export interface SiteActor {
  customerId: number;
  adminId: number | null;
}

/** What a version restores: everything the customer controls of how the site is served. */
export interface SiteSnapshot {
  originProtocol: SiteRecord['originProtocol'];
  balance: SiteRecord['balance'];
  origins: SiteRecord['origins'];
  httpPorts: number[];
  httpsPorts: number[];
  httpsEnabled: boolean;
  certificateId: number | null;
  forceHttps: boolean;
  remark: string;
  settings: SiteServingSettings;
  /**
   * Its URL forwarding and forced redirect as served then: shown in the history, but edited on
   * their own pages, so a rollback leaves them as they are now.
   */
  rewrites?: RewriteRuleSettings[];
  forceRedirect?: ForceRedirectSettings | null;
}

export function snapshotOf(row: SiteRecord): SiteSnapshot {
  return {
    originProtocol: row.originProtocol,
    balance: row.balance,
    origins: row.origins,
    httpPorts: row.httpPorts,
    httpsPorts: row.httpsPorts,
    httpsEnabled: row.httpsEnabled,
    certificateId: row.certificateId,
    forceHttps: row.forceHttps,
    remark: row.remark,
    settings: servingSettingsOf(row),
  };
}

/**
 * The site's nginx file as a node of its group renders it (any listen address, its certificate
 * shipped), for the history's diff. A value the compiler refuses is shown as the reason.
 */
export function renderSiteNginx(
  id: number,
  customerId: number,
  domain: string,
  snapshot: SiteSnapshot,
): string {
  const site: CompileSite = {
    id,
    customerId,
    domain,
    ...snapshot,
    acmeChallenges: [],
    rewrites: snapshot.rewrites ?? [],
    forceRedirect: snapshot.forceRedirect ?? null,
  };
  const https = snapshot.httpsEnabled && snapshot.certificateId !== null;
  try {
    return siteConfig(site, {
      listenAddress: '',
      certificates: new Set(https ? [snapshot.certificateId!] : []),
      tlsPorts: new Set(https ? snapshot.httpsPorts : []),
    });
  } catch (error) {
    return `# not renderable: ${(error as Error).message}\n`;
  }
}

/**
 * Appends the site's current configuration to its history, inside the transaction that changed
 * it, so a version exists exactly when the change committed. `change` names what was saved.
 */
export async function recordSiteVersion(
  tx: DbTx,
  siteId: number,
  actor: SiteActor,
  change: string,
  restoredVersion: number | null = null,
): Promise<number> {
  const repo = siteHistoryRepository(tx);
  const version = await repo.nextVersion(siteId);
  const [row] = await tx.select().from(sites).where(eq(sites.id, siteId));
  const names = await repo.usernames(actor.customerId, actor.adminId);
  const snapshot: SiteSnapshot = {
    ...snapshotOf(row!),
    rewrites: (await enabledRewritesOfGroup(tx, { siteId })).get(siteId) ?? [],
    forceRedirect: (await enabledForceRedirectsOfGroup(tx, { siteId })).get(siteId) ?? null,
  };
  await repo.insert({
    siteId,
    version,
    actor: names.admin === undefined ? names.customer : `admin:${names.admin}`,
    change,
    restoredVersion,
    snapshot: snapshot as unknown as Record<string, unknown>,
    nginx: renderSiteNginx(siteId, row!.customerId, row!.domain, snapshot),
  });
  return version;
}
