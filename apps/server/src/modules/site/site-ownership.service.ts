import type { CnameCheck } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import type { DbOrTx, DbTx } from '../../platform/db/database';
import { writeTable } from '../../platform/db/write-table';
import { badRequest } from '../../platform/http/app-error';
import { addJob } from '../../platform/jobs/jobs';
import { changeGroupConfig } from '../edge/config-revision';
import { readWebConfigSection } from '../web-config/web-config.service';
import { checkCname, cnameOf } from './cname';
import { checkTxt } from './ownership-proof';
import { siteOwnershipRepository } from './site-ownership.repository';

export const SITE_VERIFY_JOB = 'site-verify';
/** One sweep at a time, its scheduled runs and asked-for ones alike; waiting ones coalesce. */
export const SITE_VERIFY_SPEC = { jobKey: SITE_VERIFY_JOB, queue: SITE_VERIFY_JOB };
/** Sites one sweep looks at; the rest wait for the next one (DNS answers take up to seconds). */
const SWEEP_BATCH = 100;
const SWEEP_PARALLEL = 8;

/** Asks for a sweep right after the change commits, so a domain already pointed here serves at once. */
export const requestVerifySweep = (tx: DbOrTx) => addJob(tx, SITE_VERIFY_JOB, {}, SITE_VERIFY_SPEC);

interface ProvableSite {
  id: number;
  customerId: number;
  domain: string;
  cnameLabel: string;
  verifiedAt: Date | null;
}

/**
 * Domain ownership (issue 17 §3, ADR 0033): a site is served only once its owner proved control
 * of the domain, by its CNAME already pointing here or a TXT record holding the customer's
 * token, unless an admin waived the proof for that customer. Names overlapping another
 * customer's (wildcards either way) are refused at save.
 */
export function siteOwnershipService(ctx: Pick<AppContext, 'db' | 'jobs' | 'config' | 'changes'>) {
  const { db } = ctx;
  const cnameDomain = async () => (await readWebConfigSection(db, 'dns_rewrite')).cnameDomain;

  /** Both proofs asked of DNS now; a success is recorded and the site's group republishes. */
  async function prove(site: ProvableSite, domain: string): Promise<CnameCheck> {
    const owner = await siteOwnershipRepository(db).customer(site.customerId);
    const expected = cnameOf(site.cnameLabel, domain);
    const [cname, txt] = await Promise.all([
      checkCname(site.domain, expected, ctx.config.dnsResolvers),
      checkTxt(site.domain, owner?.token ?? '', ctx.config.dnsResolvers),
    ]);
    let verified = site.verifiedAt !== null;
    if (!verified && (cname.ok || txt.ok)) {
      await writeTable(ctx, 'sites', (tx) =>
        siteOwnershipRepository(tx).markVerified(site.id, (groupId) =>
          changeGroupConfig(tx, ctx.jobs, groupId),
        ),
      );
      verified = true;
    } else if (!verified) await siteOwnershipRepository(db).markChecked(site.id);
    return { ...cname, txt, verified: verified || owner?.waived === true, waived: owner?.waived === true };
  }

  return {
    /**
     * Refuses a name that overlaps another customer's, inside the saving transaction; the lock
     * keeps a concurrent save of the overlapping name from slipping between check and insert.
     * The message names the field and the line, never the other customer or their name.
     */
    async refuseOverlaps(tx: DbTx, customerId: number, domains: readonly string[]) {
      const repo = siteOwnershipRepository(tx);
      await repo.lockClaims();
      const overlap = await repo.firstOverlapWithOthers(customerId, domains);
      if (overlap === undefined) return;
      if (domains.length === 1)
        throw badRequest('site.domainOverlapsOther', { field: { field: 'domain' }, domain: overlap });
      throw badRequest('site.domainsOverlapOther', {
        field: { field: 'domains' },
        line: domains.indexOf(overlap) + 1,
        domain: overlap,
      });
    },

    /** "Verify now": the CNAME check page's answer, with the TXT proof and whether the site serves. */
    async verifyNow(site: ProvableSite): Promise<CnameCheck> {
      const domain = await cnameDomain();
      if (!domain) throw badRequest('site.cnameNotConfigured');
      return prove(site, domain);
    },

    /** The periodic re-check (a job): unproved sites, least recently checked first. */
    async sweep(): Promise<number> {
      const domain = await cnameDomain();
      const due = await siteOwnershipRepository(db).dueForCheck(SWEEP_BATCH);
      let proved = 0;
      for (let i = 0; i < due.length; i += SWEEP_PARALLEL) {
        const batch = due.slice(i, i + SWEEP_PARALLEL);
        const results = await Promise.all(
          batch.map((s) => prove({ ...s, cnameLabel: s.label, verifiedAt: null }, domain)),
        );
        proved += results.filter((r) => r.verified).length;
      }
      return proved;
    },

    /** Whether this customer's sites serve without proof. */
    async waived(customerId: number): Promise<boolean> {
      return (await siteOwnershipRepository(db).customer(customerId))?.waived === true;
    },
  };
}
