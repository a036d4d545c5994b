import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { auditLog } from '../../platform/audit/audit.schema';
import { customers } from '../account/account.schema';
import { balanceLedger } from './finance.schema';

let server: TestServer;
let admin: string;
let alice: string;
let bob: string;
let aliceId: number;
let bobId: number;

interface Entry {
  id: number;
  userId: number;
  username: string;
  amount: number;
  balanceAfter: number;
  reason: string;
  note: string;
}
interface Page {
  list: Entry[];
  totalCount: number;
}

const call: TestServer['call'] = (method, path, options = {}) =>
  server.call(method, path, { lang: 'en', ...options });

const recharge = (body: Record<string, unknown>, token = admin) =>
  call<{ balance: number; entry: Entry }>('POST', 'sys/finance/recharge', { token, body });

async function balanceOf(id: number): Promise<number> {
  const [row] = await server.database.db
    .select({ balance: customers.propertyBalance })
    .from(customers)
    .where(eq(customers.id, id));
  return row!.balance;
}

async function ledgerSum(id: number): Promise<number> {
  const [row] = await server.database.db
    .select({ sum: sql<string>`coalesce(sum(${balanceLedger.amount}), 0)` })
    .from(balanceLedger)
    .where(eq(balanceLedger.customerId, id));
  return Number(row!.sum);
}

beforeAll(async () => {
  server = await startTestServer();
  const passwordHash = await hashPassword('ledger-pass-1');
  const rows = await server.database.db
    .insert(customers)
    .values([
      { username: 'alice-ledger', passwordHash },
      { username: 'bob-ledger', passwordHash },
    ])
    .returning();
  [aliceId, bobId] = [rows[0]!.id, rows[1]!.id];
  [admin, alice, bob] = await Promise.all([
    server.login('admin'),
    server.login('customer', { username: 'alice-ledger', password: 'ledger-pass-1' }),
    server.login('customer', { username: 'bob-ledger', password: 'ledger-pass-1' }),
  ]);
});
afterAll(() => server.close());

describe('manual recharge (sys/finance/recharge)', () => {
  it('answers 401 without a token and 403 for a customer', async () => {
    expect((await call('POST', 'sys/finance/recharge', { body: {} })).body.code).toBe(401);
    expect(
      (await recharge({ userId: aliceId, direction: 'credit', amount: 100, note: 'x' }, alice)).body.code,
    ).toBe(403);
    expect((await call('POST', 'app/finance/ledger/list', { body: {} })).body.code).toBe(401);
  });

  it('credits with a reason, writes one ledger row and one audit row', async () => {
    const answer = await recharge({
      userId: aliceId,
      direction: 'credit',
      amount: 12_345,
      note: 'Bank transfer 0042',
    });
    expect(answer.body.code).toBe(1);
    expect(answer.body.data!.balance).toBe(12_345);
    expect(answer.body.data!.entry).toMatchObject({
      userId: aliceId,
      username: 'alice-ledger',
      amount: 12_345,
      balanceAfter: 12_345,
      reason: 'manual_credit',
      note: 'Bank transfer 0042',
    });
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `customer:${aliceId}`));
    expect(audits.map((row) => row.action)).toContain('finance.manual_credit');
    expect(await balanceOf(aliceId)).toBe(await ledgerSum(aliceId));
  });

  it('refuses a debit larger than the balance and changes nothing', async () => {
    const before = await balanceOf(aliceId);
    const answer = await recharge({
      userId: aliceId,
      direction: 'debit',
      amount: before + 1,
      note: 'too much',
    });
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toBe('Insufficient balance: the balance would fall below zero');
    expect(await balanceOf(aliceId)).toBe(before);
    expect(await ledgerSum(aliceId)).toBe(before);
  });

  it('names the field of bad input, and answers 404 for an unknown customer', async () => {
    const noNote = await recharge({ userId: aliceId, direction: 'credit', amount: 100, note: '  ' });
    expect(noNote.body.code).toBe(400);
    expect(noNote.body.msg).toContain('Note');
    const fraction = await recharge({ userId: aliceId, direction: 'credit', amount: 1.5, note: 'x' });
    expect(fraction.body.code).toBe(400);
    expect(fraction.body.msg).toContain('whole number of cents');
    const huge = await recharge({ userId: aliceId, direction: 'credit', amount: 1_000_000_001, note: 'x' });
    expect(huge.body.msg).toContain('at most 10,000,000.00');
    const unknown = await recharge({ userId: 999_999, direction: 'credit', amount: 100, note: 'x' });
    expect(unknown.body.code).toBe(404);
  });

  it('never takes a balance below zero under 200 concurrent debits, and keeps balance = ledger sum', async () => {
    await recharge({ userId: bobId, direction: 'credit', amount: 5_000, note: 'float' });
    // 200 debits of 1.00 against 50.00: exactly 50 succeed.
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        recharge({ userId: bobId, direction: 'debit', amount: 100, note: 'race' }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(50);
    expect(answers.filter((a) => a.body.code === 400)).toHaveLength(150);
    expect(await balanceOf(bobId)).toBe(0);
    expect(await ledgerSum(bobId)).toBe(0);
  });

  it('is refused by the database itself if anything else tries to go below zero', async () => {
    await expect(
      server.database.db.update(customers).set({ propertyBalance: -1 }).where(eq(customers.id, bobId)),
    ).rejects.toMatchObject({ cause: { constraint: 'customers_balance_not_negative' } });
  });
});

describe('the ledger (app/finance/ledger/list, sys/finance/ledger/list)', () => {
  it("shows a customer only their own rows, newest first, with each row's balance after", async () => {
    const answer = await call<Page>('POST', 'app/finance/ledger/list', { token: alice, body: {} });
    expect(answer.body.code).toBe(1);
    const { list, totalCount } = answer.body.data!;
    expect(totalCount).toBe(1);
    expect(list.every((entry) => entry.userId === aliceId)).toBe(true);
    const bobs = await call<Page>('POST', 'app/finance/ledger/list', { token: bob, body: { limit: 10 } });
    expect(bobs.body.data!.totalCount).toBe(51);
    expect(bobs.body.data!.list[0]!.balanceAfter).toBe(0);
    expect(bobs.body.data!.list.every((entry) => entry.userId === bobId)).toBe(true);
  });

  it('filters by reason and date range; admins filter by customer', async () => {
    const credits = await call<Page>('POST', 'app/finance/ledger/list', {
      token: bob,
      body: { reason: 'manual_credit' },
    });
    expect(credits.body.data!.totalCount).toBe(1);
    const future = await call<Page>('POST', 'app/finance/ledger/list', {
      token: bob,
      body: { startTime: '2100-01-01T00:00:00+08:00' },
    });
    expect(future.body.data!.totalCount).toBe(0);
    const adminView = await call<Page>('POST', 'sys/finance/ledger/list', {
      token: admin,
      body: { userId: aliceId },
    });
    expect(adminView.body.data!.list.map((entry) => entry.username)).toEqual(['alice-ledger']);
    expect((await call('POST', 'sys/finance/ledger/list', { token: alice, body: {} })).body.code).toBe(403);
  });

  it("looks a customer's balance up by username for the recharge screen", async () => {
    const found = await call<{ userId: number; balance: number }>('GET', 'sys/finance/balance', {
      token: admin,
      query: { username: 'ALICE-ledger' },
    });
    expect(found.body.data).toMatchObject({ userId: aliceId, balance: 12_345 });
    const missing = await call('GET', 'sys/finance/balance', {
      token: admin,
      query: { username: 'nobody-here' },
    });
    expect(missing.body.code).toBe(404);
  });
});
