import type { PaymentAction, PaymentGatewayName } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { KeptHandoff } from '../../integrations/payment/gateway';
import type { DbOrTx } from '../../platform/db/database';
import { paymentHandoffs } from './payment.schema';

/** The hand-off kept per gateway and order (payment.schema.ts `paymentHandoffs`). */
export function paymentHandoffRepository(db: DbOrTx) {
  return {
    async get(gateway: PaymentGatewayName, serialNumber: string): Promise<KeptHandoff | undefined> {
      const [row] = await db
        .select()
        .from(paymentHandoffs)
        .where(and(eq(paymentHandoffs.gateway, gateway), eq(paymentHandoffs.orderSerial, serialNumber)));
      if (!row) return undefined;
      return {
        reference: row.reference,
        action: row.action as unknown as PaymentAction,
        validUntil: row.validUntil,
      };
    },

    async keep(gateway: PaymentGatewayName, serialNumber: string, handoff: KeptHandoff): Promise<void> {
      const values = {
        reference: handoff.reference,
        action: handoff.action as unknown as Record<string, unknown>,
        validUntil: handoff.validUntil,
        updatedAt: sql`now()`,
      };
      await db
        .insert(paymentHandoffs)
        .values({ gateway, orderSerial: serialNumber, ...values })
        .onConflictDoUpdate({ target: [paymentHandoffs.gateway, paymentHandoffs.orderSerial], set: values });
    },
  };
}
