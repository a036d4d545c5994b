import type {
  Certificate,
  certificateApplyRequestSchema,
  CertificateStatus,
  certificateUploadRequestSchema,
  Page,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { paidPeriodEnded } from './expiry-notices';
import { ownSites } from './own-sites';
import { issueJob } from './acme.service';
import { certificateRepository } from './certificate.repository';
import { toCertificate } from './certificate.mapper';
import { parseCertificate, uncovered } from './pem';
import { pageOf } from '../../platform/db/paging';

type Upload = z.output<typeof certificateUploadRequestSchema>;
type Apply = z.output<typeof certificateApplyRequestSchema>;

/** A customer's certificates: uploads (own) and ACME orders. Keys are sealed and never answered. */
export function certificateService(ctx: Pick<AppContext, 'db' | 'jobs' | 'secrets'>) {
  const { db } = ctx;
  const repo = certificateRepository(db);

  async function mustOwn(customerId: number, id: number) {
    const row = await repo.byId(customerId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(
      customerId: number,
      filter: { keyword?: string; status?: CertificateStatus; page: number; limit: number },
    ): Promise<Page<Certificate>> {
      const { rows, total } = await repo.list(customerId, filter);
      return pageOf(rows.map(toCertificate), total, filter);
    },

    async info(customerId: number, id: number): Promise<Certificate> {
      return toCertificate(await mustOwn(customerId, id));
    },

    /** Parsed on the server: refused when unreadable, mismatched, expired, or not covering the domains asked for. */
    async upload(customerId: number, request: Upload): Promise<Certificate> {
      const parsed = parseCertificate(request.certPem, request.keyPem);
      if (typeof parsed === 'string') throw badRequest(`certificate.${parsed}`);
      if (parsed.notAfter < new Date())
        throw badRequest('certificate.expired', { notAfter: parsed.notAfter.toISOString().slice(0, 10) });
      const missing = uncovered(parsed.domains, request.domains);
      if (missing.length > 0) throw badRequest('certificate.notCovering', { domains: missing.join(', ') });
      const id = await repo.insert({
        customerId,
        name: request.name || parsed.domains[0] || parsed.subject,
        source: 'upload',
        status: 'own',
        domains: parsed.domains,
        subject: parsed.subject,
        issuer: parsed.issuer,
        notBefore: parsed.notBefore,
        notAfter: parsed.notAfter,
        certPem: parsed.chainPem,
        keySealed: ctx.secrets.seal(request.keyPem),
      });
      return this.info(customerId, id);
    },

    /** Starts an ACME order for the customer's own sites; the issue job does the rest. */
    async apply(customerId: number, request: Apply): Promise<Certificate> {
      const domains = [...new Set(request.domains)];
      await ownSites(db, customerId, domains);
      const id = await db.transaction(async (tx) => {
        const certificateId = await certificateRepository(tx).insert({
          customerId,
          name: request.name || domains[0]!,
          source: 'acme',
          status: 'applying',
          domains,
          autoRenew: request.autoRenew,
        });
        await ctx.jobs.add(tx, ...issueJob(certificateId));
        return certificateId;
      });
      return this.info(customerId, id);
    },

    async renew(customerId: number, id: number): Promise<Certificate> {
      const row = await mustOwn(customerId, id);
      if (row.source !== 'acme') throw badRequest('certificate.notRenewable');
      // A bought one is issued again only within the period paid for: past it, a renewal order.
      if (paidPeriodEnded(row)) throw badRequest('certificate.paidPeriodEnded');
      await ownSites(db, customerId, row.domains);
      await db.transaction(async (tx) => {
        // A certificate still in service keeps its status until the new one is issued.
        if (row.status !== 'succeeded')
          await certificateRepository(tx).update(id, { status: 'applying', failReason: '' });
        await ctx.jobs.add(tx, ...issueJob(id));
      });
      return this.info(customerId, id);
    },

    async delete(customerId: number, id: number): Promise<void> {
      const row = await mustOwn(customerId, id);
      if (row.siteCount > 0) throw conflict('certificate.inUse', { sites: row.siteCount });
      await repo.delete(id);
    },
  };
}
