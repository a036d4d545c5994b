import {
  PAYMENT_GATEWAYS,
  type PaymentConsole,
  type PaymentGatewayName,
  type PaymentHandoff,
} from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type ApiAnswer, type TestServer } from '../../../../test/harness';
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

  /** Sends the gateway's config to sys/config/update as an admin would, switched on or off. */
  const saveConfig = async (
    gateway: PaymentGatewayName,
    value: Record<string, unknown>,
    status: 0 | 1 = 1,
    admin?: string,
  ): Promise<ApiAnswer> => {
    const paramKey = PAYMENT_GATEWAYS[gateway].configKey;
    const row = await configRepository(server().database.db).byKey(paramKey);
    return call('POST', 'sys/config/update', {
      token: admin ?? (await server().login('admin')),
      body: { id: row!.id, paramKey, paramValue: JSON.stringify(value), status },
    });
  };

  return {
    call,

    async customer(username: string): Promise<{ id: number; token: string }> {
      const [row] = await server()
        .database.db.insert(customers)
        .values({ username, passwordHash: await hashPassword('pay-pass-1') })
        .returning();
      return { id: row!.id, token: await server().login('customer', { username, password: 'pay-pass-1' }) };
    },

    saveConfig,

    /** An admin's product save (billing mode 1, on sale, unless the body says otherwise); it must succeed. */
    async product(admin: string, body: Record<string, unknown>): Promise<number> {
      const saved = await call<{ id: number }>('POST', 'sys/product/save', {
        token: admin,
        body: { billingMode: 1, onSale: true, description: '', ...body },
      });
      expect(saved.body.code, saved.body.msg).toBe(1);
      return saved.body.data!.id;
    },

    /** A customer's order on `path`, paid from the balance; both must succeed. */
    async buyAndPay(token: string, path: string, body: Record<string, unknown>): Promise<void> {
      const order = await call<{ serialNumber: string }>('POST', path, { token, body });
      expect(order.body.code, order.body.msg).toBe(1);
      const paid = await call('POST', 'app/finance/order/pay', {
        token,
        body: { serialNumber: order.body.data!.serialNumber },
      });
      expect(paid.body.code, paid.body.msg).toBe(1);
    },

    /** Saves the gateway's config and switches it on or off; the save must succeed. */
    async configure(gateway: PaymentGatewayName, value: Record<string, unknown>, status: 0 | 1 = 1) {
      const answer = await saveConfig(gateway, value, status);
      expect(answer.body.code, answer.body.msg).toBe(1);
    },

    async recharge(
      token: string,
      gateway: PaymentGatewayName,
      amount: number,
      from?: PaymentConsole,
    ): Promise<PaymentHandoff> {
      const answer = await call<PaymentHandoff>('POST', 'app/finance/recharge', {
        token,
        body: { amount, gateway, ...(from ? { console: from } : {}) },
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

/**
 * One gateway's integration test: the test server and the gateway's local fake provider start
 * together before the file's tests with a customer of the server (`alice`), and both close after.
 * The payment kit's helpers come with it, and the checks every gateway's test makes alike.
 */
export function gatewayKit<Fake extends { close(): Promise<void> }>(
  username: string,
  startFake: () => Promise<Fake>,
) {
  let server: TestServer | undefined;
  let fake: Fake | undefined;
  let alice: { id: number; token: string } | undefined;
  const kit = paymentKit(() => server!);
  beforeAll(async () => {
    [server, fake] = await Promise.all([startTestServer(), startFake()]);
    alice = await kit.customer(username);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  /** The message the customer's recharge through the gateway is answered with. */
  const rechargeMessage = async (gateway: PaymentGatewayName, amount: number): Promise<string> =>
    (await kit.call('POST', 'app/finance/recharge', { token: alice!.token, body: { amount, gateway } })).body
      .msg;

  return {
    ...kit,
    get server() {
      return server!;
    },
    get fake() {
      return fake!;
    },
    get alice() {
      return alice!;
    },

    rechargeMessage,

    /**
     * The gateway is refused until configured and switched on: off, the customer is offered no
     * channel; on (sent with its secrets blank: the saved ones are kept), one with the gateway's
     * pay method. Returns what sys/config/kinfo then shows an admin.
     */
    async offeredOnceSwitchedOn(
      gateway: PaymentGatewayName,
      method: number,
      config: Record<string, unknown>,
      blankSecrets: Record<string, unknown>,
    ): Promise<unknown> {
      expect(await rechargeMessage(gateway, 50)).toBe(
        'Payment channel not enabled: contact the administrator to enable the recharge channel',
      );
      await kit.configure(gateway, config, 0);
      const channels = () => kit.call('GET', 'app/finance/payment/channels', { token: alice!.token });
      expect((await channels()).body.data).toEqual([]);
      await kit.configure(gateway, { ...config, ...blankSecrets }, 1);
      expect((await channels()).body.data).toEqual([{ gateway, method }]);
      const shown = await kit.call('GET', 'sys/config/kinfo', {
        token: await server!.login('admin'),
        query: { key: PAYMENT_GATEWAYS[gateway].configKey },
      });
      return shown.body.data;
    },

    /** The order credited `amount` to the customer's balance (now `balance`) once, and the books add up. */
    async creditedOnce(serialNumber: string, amount: number, balance = amount) {
      expect(await kit.balance(alice!.id)).toBe(balance);
      expect(await kit.ledger(serialNumber)).toMatchObject([{ amount, reason: 'recharge' }]);
      await kit.booksBalance(alice!.id);
    },
  };
}
