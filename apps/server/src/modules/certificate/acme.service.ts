import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { CERTIFICATE_RENEW_DAYS, type AcmeSettings } from '@nimbus/contract';
import { issueCertificate, newAccountKey, type ChallengeAnswer } from '../../integrations/acme/acme-issuer';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { changeGroupConfig } from '../edge/config-revision';
import { edgeNodes } from '../edge/edge.schema';
import { readConfigValue } from '../config/config.read';
import { sysConfig } from '../config/config.schema';
import type { Actor } from '../../platform/audit/audit';
import type { Caller } from '../../platform/http/caller';
import { sites } from '../site/site.schema';
import { acmeAccounts, certificates, sslProducts } from './certificate.schema';
import { certificateRepository } from './certificate.repository';
import { parseCertificate } from './pem';

export const ISSUE_JOB = 'certificate_issue';

/**
 * One issuance of a certificate at a time: a renewal asked for while one runs (a second click,
 * the hourly renewal) waits for it. Two at once would each take the other's HTTP-01 answers off
 * the edges when done, failing the later one after a certificate was issued.
 */
export const issueJob = (certificateId: number) =>
  [
    ISSUE_JOB,
    { certificateId },
    { jobKey: `issue:${certificateId}`, queue: `issue:${certificateId}`, maxAttempts: 1 },
  ] as const;

export const ACME_CONFIG_KEY = 'ACME_CONFIG_KEY';
export const DEFAULT_ACME_SETTINGS = {
  directoryUrl: 'https://acme-v02.api.letsencrypt.org/directory',
  email: '',
};

/** How long the edges get to serve a validation answer before the order gives up. */
const PUBLISH_TIMEOUT_MS = 60_000;

export async function acmeSettings(db: DbOrTx): Promise<Required<AcmeSettings>> {
  const saved = await readConfigValue<Partial<AcmeSettings>>(db, ACME_CONFIG_KEY);
  return { ...DEFAULT_ACME_SETTINGS, ...saved } as Required<AcmeSettings>;
}

/** Kept as a system config record, so it also shows (and backs up) with the other settings. */
export async function saveAcmeSettings(
  ctx: Pick<AppContext, 'db' | 'audit'>,
  settings: Required<AcmeSettings>,
  admin: Actor,
  caller: Caller,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const paramValue = JSON.stringify(settings);
    await tx
      .insert(sysConfig)
      .values({ paramKey: ACME_CONFIG_KEY, paramValue, remark: 'ACME (certificates)' })
      .onConflictDoUpdate({ target: sysConfig.paramKey, set: { paramValue } });
    await ctx.audit.record(
      admin,
      caller.ip,
      { action: 'certificate.acme', target: settings.directoryUrl },
      tx,
    );
  });
}

/** ACME orders as jobs: answers published through the edges, the CA asked, the result stored. */
export function acmeService(ctx: Pick<AppContext, 'db' | 'jobs' | 'secrets' | 'config'>) {
  const { db, jobs } = ctx;

  /** The account key for a CA directory and EAB key id ('' without EAB), made on first use. */
  async function accountKey(directoryUrl: string, eabKid: string): Promise<string> {
    const [row] = await db
      .select()
      .from(acmeAccounts)
      .where(and(eq(acmeAccounts.directoryUrl, directoryUrl), eq(acmeAccounts.eabKid, eabKid)));
    if (row) return ctx.secrets.open(row.keySealed);
    const pem = await newAccountKey();
    await db
      .insert(acmeAccounts)
      .values({ directoryUrl, eabKid, keySealed: ctx.secrets.seal(pem) })
      .onConflictDoNothing();
    return accountKey(directoryUrl, eabKid);
  }

  /**
   * The CA a certificate is issued by: a bought one's product's own CA (with its account
   * binding) when the product is a paid one, else the platform's configured CA.
   */
  async function caOf(productId: number | null) {
    const settings = await acmeSettings(db);
    const [product] =
      productId === null
        ? []
        : await db.select().from(sslProducts).where(eq(sslProducts.productId, productId));
    if (product?.ca !== 'paid') return { directoryUrl: settings.directoryUrl, email: settings.email };
    return {
      directoryUrl: product.directoryUrl,
      email: settings.email,
      eab: { kid: product.eabKid, hmacKey: ctx.secrets.open(product.eabHmacSealed) },
    };
  }

  /** Publishes the answers and waits until every enabled node of the sites' groups runs them. */
  async function present(certificateId: number, customerId: number, answers: ChallengeAnswer[]) {
    const rows = await db
      .select({ id: sites.id, domain: sites.domain, group: sites.nodeGroupId })
      .from(sites)
      .where(
        and(
          eq(sites.customerId, customerId),
          inArray(
            sites.domain,
            answers.map((a) => a.domain),
          ),
        ),
      );
    const wanted = await db.transaction(async (tx) => {
      await certificateRepository(tx).insertChallenges(
        answers.map((a) => ({
          certificateId,
          siteId: rows.find((r) => r.domain === a.domain)!.id,
          token: a.token,
          keyAuthorization: a.keyAuthorization,
        })),
      );
      const revisions = new Map<number, number>();
      for (const group of new Set(rows.map((r) => r.group)))
        revisions.set(group, await changeGroupConfig(tx, jobs, group));
      return revisions;
    });
    const deadline = Date.now() + PUBLISH_TIMEOUT_MS;
    for (;;) {
      const nodes = await db
        .select({ name: edgeNodes.name, group: edgeNodes.groupId, applied: edgeNodes.appliedRevision })
        .from(edgeNodes)
        .where(and(inArray(edgeNodes.groupId, [...wanted.keys()]), eq(edgeNodes.enabled, true)));
      const behind = nodes.filter((n) => n.applied < wanted.get(n.group)!);
      if (nodes.length > 0 && behind.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(
          nodes.length === 0
            ? 'no enabled edge node serves these sites'
            : `edge nodes did not apply the validation answer in time: ${behind.map((n) => n.name).join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Removes the answers from the edges (and ships a new certificate to the sites using it). */
  async function cleanUp(certificateId: number) {
    await db.transaction(async (tx) => {
      const removed = await certificateRepository(tx).deleteChallenges(certificateId);
      const users = await tx
        .select({ group: sites.nodeGroupId })
        .from(sites)
        .where(eq(sites.certificateId, certificateId));
      const groups = new Set([...users.map((u) => u.group)]);
      if (removed.length > 0) {
        const bySite = await tx
          .select({ group: sites.nodeGroupId })
          .from(sites)
          .where(
            inArray(
              sites.id,
              removed.map((r) => r.siteId),
            ),
          );
        for (const s of bySite) groups.add(s.group);
      }
      for (const group of groups) await changeGroupConfig(tx, jobs, group);
    });
  }

  return {
    async issue(certificateId: number): Promise<void> {
      const repo = certificateRepository(db);
      const cert = await repo.anyById(certificateId);
      if (!cert) return;
      try {
        const ca = await caOf(cert.productId);
        const issued = await issueCertificate(
          {
            ...ca,
            domains: cert.domains,
            accountKeyPem: await accountKey(ca.directoryUrl, ca.eab?.kid ?? ''),
            caFile: ctx.config.acmeCaFile,
          },
          (answers) => present(certificateId, cert.customerId, answers),
        );
        const parsed = parseCertificate(issued.certPem, issued.keyPem);
        if (typeof parsed === 'string')
          throw new Error(`the CA answered an unusable certificate (${parsed})`);
        await repo.update(certificateId, {
          status: 'succeeded',
          failReason: '',
          subject: parsed.subject,
          issuer: parsed.issuer,
          notBefore: parsed.notBefore,
          notAfter: parsed.notAfter,
          certPem: parsed.chainPem,
          keySealed: ctx.secrets.seal(issued.keyPem),
          noticesSent: [],
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // A certificate still in service stays so; its renewal failure is shown beside it.
        await repo.update(
          certificateId,
          cert.status === 'succeeded' ? { failReason: reason } : { status: 'failed', failReason: reason },
        );
      } finally {
        await cleanUp(certificateId);
      }
    },

    /**
     * ACME certificates due for renewal get a new order (hourly, once across processes); a
     * bought one only within its paid period.
     */
    async renewDue(): Promise<number> {
      const due = await db
        .select({ id: certificates.id })
        .from(certificates)
        .where(
          and(
            eq(certificates.source, 'acme'),
            eq(certificates.autoRenew, true),
            eq(certificates.status, 'succeeded'),
            lt(certificates.notAfter, sql`now() + make_interval(days => ${CERTIFICATE_RENEW_DAYS})`),
            or(isNull(certificates.productId), gt(certificates.paidUntil, sql`now()`)),
          ),
        );
      for (const { id } of due) await jobs.add(db, ...issueJob(id));
      return due.length;
    },
  };
}
