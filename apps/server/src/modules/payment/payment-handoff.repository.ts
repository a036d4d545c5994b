import crypto from 'node:crypto';
import type { PaymentAction, PaymentGatewayName } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import type { KeptHandoff } from '../../integrations/payment/gateway';
import { oneTimeTokens } from '../../platform/auth/auth.schema';
import type { DbOrTx } from '../../platform/db/database';

const PURPOSE = 'payment_handoff';

interface Stored {
  reference: string;
  action: PaymentAction;
  validUntil: string;
}

/** One row per gateway and order: the key is hashed like every other key of this table. */
const keyOf = (gateway: PaymentGatewayName, serialNumber: string) =>
  crypto.createHash('sha256').update(`${PURPOSE}:${gateway}:${serialNumber}`).digest('hex');

/**
 * The last hand-off of an order at a gateway that takes each order number once (gateway.ts
 * `startOnce`), kept in one_time_tokens, which holds short-lived rows by hashed key and drops
 * them a day after they expire. A row lives as long as its order can still be handed off, so
 * the earlier order number is known (to close it) until then, whenever its QR code expired.
 */
export function paymentHandoffRepository(db: DbOrTx) {
  return {
    async get(gateway: PaymentGatewayName, serialNumber: string): Promise<KeptHandoff | undefined> {
      const [row] = await db
        .select({ payload: oneTimeTokens.payload })
        .from(oneTimeTokens)
        .where(
          and(eq(oneTimeTokens.purpose, PURPOSE), eq(oneTimeTokens.tokenHash, keyOf(gateway, serialNumber))),
        );
      if (!row) return undefined;
      const stored = row.payload as unknown as Stored;
      return { reference: stored.reference, action: stored.action, validUntil: new Date(stored.validUntil) };
    },

    async keep(
      gateway: PaymentGatewayName,
      order: { serialNumber: string; customerId: number; expiresAt: Date },
      handoff: KeptHandoff,
    ): Promise<void> {
      const payload = {
        reference: handoff.reference,
        action: handoff.action,
        validUntil: handoff.validUntil.toISOString(),
      } satisfies Stored as unknown as Record<string, unknown>;
      const expiresAt = new Date(Math.max(order.expiresAt.getTime(), handoff.validUntil.getTime()));
      await db
        .insert(oneTimeTokens)
        .values({
          purpose: PURPOSE,
          tokenHash: keyOf(gateway, order.serialNumber),
          principalKind: 'customer',
          principalId: order.customerId,
          payload,
          expiresAt,
        })
        .onConflictDoUpdate({ target: oneTimeTokens.tokenHash, set: { payload, expiresAt } });
    },
  };
}
