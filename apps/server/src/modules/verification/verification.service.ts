import {
  maskCertificateId,
  maskName,
  ORDER_TYPES,
  translate,
  type Page,
  type VerificationListQuery,
  type VerificationRecord,
  type VerificationStatus,
} from '@nimbus/contract';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { pageOf } from '../../platform/db/paging';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { customers } from '../account/account.schema';
import { placeOrder } from '../order/order.service';
import { requirePublicConsoleUrl } from '../web-config/public-url';
import { readWebConfigSection } from '../web-config/web-config.service';
import { enabledFaceProvider, type FaceRegistry } from './face-providers';
import { OPEN_STATES, verificationRepository } from './verification.repository';
import type { VerificationRow } from './verification.schema';

type Submit = { realnameName: string; realnameCertificatetype: number; realnameCertificateid: string };

const toRecord = (row: VerificationRow, username: string): VerificationRecord => ({
  id: row.id,
  userId: row.customerId,
  username,
  state: row.state,
  realnameName: maskName(row.name),
  realnameCertificateid: maskCertificateId(row.certificateId),
  method: row.method,
  reason: row.reason,
  createtime: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

/** Copies the verified details onto the customer: realnameStatus 1 opens what the gate closed. */
async function approve(tx: DbOrTx, row: VerificationRow, method: string, adminId: number | null) {
  await verificationRepository(tx).update(row.id, {
    state: 'approved',
    method,
    reviewedBy: adminId,
    reviewedAt: new Date(),
    reason: null,
  });
  await tx
    .update(customers)
    .set({
      realnameStatus: 1,
      realnameName: row.name,
      realnameCertificatetype: row.certificateType,
      realnameCertificateid: row.certificateId,
    })
    .where(eq(customers.id, row.customerId));
}

/** Real-name verification (contract api/verification.ts). */
export function verificationService(
  ctx: Pick<AppContext, 'db' | 'audit' | 'config'>,
  providers: FaceRegistry,
) {
  const { db } = ctx;

  async function status(customerId: number): Promise<VerificationStatus> {
    const [[customer], row, price, face] = await Promise.all([
      db.select().from(customers).where(eq(customers.id, customerId)),
      verificationRepository(db).latest(customerId),
      readWebConfigSection(db, 'price'),
      enabledFaceProvider(db, providers),
    ]);
    const name = customer?.realnameName ?? row?.name ?? null;
    const id = customer?.realnameCertificateid ?? row?.certificateId ?? null;
    return {
      state: row?.state ?? null,
      realnameStatus: customer?.realnameStatus ?? 2,
      realnameName: name === null ? null : maskName(name),
      realnameCertificatetype: customer?.realnameCertificatetype ?? row?.certificateType ?? null,
      realnameCertificateid: id === null ? null : maskCertificateId(id),
      fee: price.verificationFee * 100,
      orderSerial: row?.state === 'fee_unpaid' ? row.orderSerial : null,
      faceAvailable: face !== undefined,
      reason: row?.state === 'rejected' ? row.reason : null,
    };
  }

  return {
    status,

    /**
     * The details, checked; the fee's order when there is a fee (paid on the payment page), else
     * straight to the face check or an admin's review. While it is under way realnameStatus is 0.
     */
    async submit(customer: Principal, request: Submit, caller: Caller): Promise<VerificationStatus> {
      const price = await readWebConfigSection(db, 'price');
      const face = await enabledFaceProvider(db, providers);
      await db.transaction(async (tx) => {
        const repo = verificationRepository(tx);
        const [me] = await tx.select().from(customers).where(eq(customers.id, customer.id)).for('update');
        if (me?.realnameStatus === 1) throw badRequest('verification.alreadyVerified');
        const open = await repo.latest(customer.id, true);
        if (open?.state === 'review') throw badRequest('verification.inReview');
        const details = {
          name: request.realnameName,
          certificateType: request.realnameCertificatetype,
          certificateId: request.realnameCertificateid.toUpperCase(),
        };
        const next = face ? 'face_pending' : 'review';
        if (open && OPEN_STATES.includes(open.state)) {
          // A correction keeps the fee already ordered (or paid): the next step stays the same.
          await repo.update(open.id, { ...details, providerRef: null });
        } else {
          const fee = price.verificationFee * 100;
          const order =
            fee > 0
              ? await placeOrder(tx, {
                  customerId: customer.id,
                  type: ORDER_TYPES.realName,
                  amount: fee,
                  body: translate('order.type.1', caller.lang),
                  productId: null,
                  planId: null,
                  cycle: null,
                  quantity: 1,
                })
              : undefined;
          await repo.insert({
            customerId: customer.id,
            ...details,
            state: order ? 'fee_unpaid' : next,
            orderSerial: order?.serialNumber ?? null,
          });
        }
        await tx.update(customers).set({ realnameStatus: 0 }).where(eq(customers.id, customer.id));
        await ctx.audit.record(customer, caller.ip, { action: 'account.verification_submit' }, tx);
      });
      return status(customer.id);
    },

    /** Starts the face check at the provider switched on; the browser goes to the URL. */
    async startFace(customer: Principal) {
      const row = await verificationRepository(db).latest(customer.id);
      if (!row || row.state === 'approved' || row.state === 'rejected')
        throw badRequest('verification.notStarted');
      if (row.state === 'fee_unpaid') throw badRequest('verification.feeUnpaid');
      if (row.state === 'review') throw badRequest('verification.inReview');
      const face = await enabledFaceProvider(db, providers);
      if (!face) throw badRequest('verification.noFaceProvider');
      const origin = await requirePublicConsoleUrl(ctx);
      const started = await face.adapter.start(face.config, {
        outerId: `rn${row.id}x${crypto.randomBytes(6).toString('hex')}`,
        name: row.name,
        idNumber: row.certificateId,
        returnUrl: `${origin}/cdn/account/verification?face=${face.name}`,
      });
      await verificationRepository(db).update(row.id, { providerRef: started.ref, method: face.name });
      return { provider: face.name, url: started.url };
    },

    /** Asks the provider how the face check ended; only its answer approves. */
    async faceResult(customer: Principal, caller: Caller): Promise<VerificationStatus> {
      const row = await verificationRepository(db).latest(customer.id);
      const face = await enabledFaceProvider(db, providers);
      if (!row || row.state !== 'face_pending' || !row.providerRef || !face || face.name !== row.method)
        return status(customer.id);
      const result = await face.adapter.result(face.config, row.providerRef);
      if (!result.done) return status(customer.id);
      await db.transaction(async (tx) => {
        const locked = await verificationRepository(tx).lockById(row.id);
        if (locked?.state !== 'face_pending' || locked.providerRef !== row.providerRef) return;
        if (result.passed) await approve(tx, locked, face.name, null);
        else await verificationRepository(tx).update(row.id, { state: 'rejected', reason: result.reason });
        await ctx.audit.record(
          customer,
          caller.ip,
          {
            action: result.passed ? 'account.verification_approve' : 'account.verification_reject',
            detail: { method: face.name },
            success: result.passed,
          },
          tx,
        );
      });
      return status(customer.id);
    },

    async list(query: VerificationListQuery): Promise<Page<VerificationRecord>> {
      const { rows, total } = await verificationRepository(db).page(query, query);
      return pageOf(
        rows.map(({ row, username }) => toRecord(row, username)),
        total,
        query,
      );
    },

    /** An administrator's decision on papers (no face provider), or in place of the face check. */
    async review(
      admin: Principal,
      request: { id: number; approve: boolean; reason: string },
      caller: Caller,
    ): Promise<VerificationRecord> {
      return db.transaction(async (tx) => {
        const repo = verificationRepository(tx);
        const row = await repo.lockById(request.id);
        if (!row) throw notFound('verification.notFound');
        if (row.state !== 'review' && row.state !== 'face_pending')
          throw badRequest('verification.notInReview');
        if (request.approve) await approve(tx, row, 'manual', admin.id);
        else
          await repo.update(row.id, {
            state: 'rejected',
            reason: request.reason,
            reviewedBy: admin.id,
            reviewedAt: new Date(),
          });
        await ctx.audit.record(
          admin,
          caller.ip,
          {
            action: request.approve ? 'account.verification_approve' : 'account.verification_reject',
            target: `customer:${row.customerId}`,
            customerId: row.customerId,
            detail: { reason: request.reason },
          },
          tx,
        );
        const [updated] = await tx
          .select({ username: customers.username })
          .from(customers)
          .where(eq(customers.id, row.customerId));
        return toRecord((await repo.lockById(row.id))!, updated!.username);
      });
    },
  };
}
