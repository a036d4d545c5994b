import { PAYMENT_GATEWAYS, type PaymentGatewayName, type PaymentHandoff } from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from '../../../../test/harness';
import { hashPassword } from '../../../platform/auth/secrets';
import { customers } from '../../account/account.schema';
import { configRepository } from '../../config/config.repository';
import { balanceLedger } from '../../finance/finance.schema';
import { orders } from '../../order/order.schema';

/**
 * What every gateway's integration test needs: a customer with a token, the gateway configured
 * as an admin would, and the books (order state, balance, ledger) read straight from the database.
 */
export function paymentKit(server: () => TestServer) {
  const call: TestServer['call'] = (method, path, options = {}) =>
    server().call(method, path, { lang: 'en', ...options });

  return {
    call,

    async customer(username: string): Promise<{ id: number; token: string }> {
      const [row] = await server()
        .database.db.insert(customers)
        .values({ username, passwordHash: await hashPassword('pay-pass-1') })
        .returning();
      return { id: row!.id, token: await server().login('customer', { username, password: 'pay-pass-1' }) };
    },

    /** Saves the gateway's config through sys/config/update and switches it on or off. */
    async configure(gateway: PaymentGatewayName, value: Record<string, unknown>, status: 0 | 1 = 1) {
      const paramKey = PAYMENT_GATEWAYS[gateway].configKey;
      const row = await configRepository(server().database.db).byKey(paramKey);
      const admin = await server().login('admin');
      const answer = await call('POST', 'sys/config/update', {
        token: admin,
        body: { id: row!.id, paramKey, paramValue: JSON.stringify(value), status },
      });
      expect(answer.body.code, answer.body.msg).toBe(1);
    },

    async recharge(token: string, gateway: PaymentGatewayName, amount: number): Promise<PaymentHandoff> {
      const answer = await call<PaymentHandoff>('POST', 'app/finance/recharge', {
        token,
        body: { amount, gateway },
      });
      expect(answer.body.code, answer.body.msg).toBe(1);
      return answer.body.data!;
    },

    async order(serialNumber: string) {
      const [row] = await server()
        .database.db.select()
        .from(orders)
        .where(eq(orders.serialNumber, serialNumber));
      return row!;
    },

    async balance(customerId: number): Promise<number> {
      const [row] = await server()
        .database.db.select({ balance: customers.propertyBalance })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row!.balance;
    },

    /** The ledger rows of one order. */
    async ledger(serialNumber: string) {
      return server()
        .database.db.select()
        .from(balanceLedger)
        .where(eq(balanceLedger.orderSerial, serialNumber));
    },

    /** Every customer's balance equals the sum of their ledger. */
    async booksBalance(customerId: number) {
      const [row] = await server()
        .database.db.select({ sum: sql<string>`coalesce(sum(${balanceLedger.amount}), 0)` })
        .from(balanceLedger)
        .where(eq(balanceLedger.customerId, customerId));
      expect(Number(row!.sum)).toBe(await this.balance(customerId));
    },
  };
}
