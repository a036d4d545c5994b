import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { oneTimeTokens, type PrincipalKind } from '../../platform/auth/auth.schema';
import type { DbOrTx } from '../../platform/db/database';
import type { RowChanges } from '../../platform/db/row-changes';
import { admins, customers, type AdminRow } from './account.schema';

/**
 * Both identity tables share their credential columns (account.schema.ts `identityColumns`),
 * so login, passwords, 2FA and white IP are written once and parametrised by kind. The cast
 * only narrows the customer table's type to those shared columns.
 */
export type IdentityRow = AdminRow;
const tableName = (kind: PrincipalKind) => (kind === 'customer' ? 'customers' : 'admins');
const tableOf = (kind: PrincipalKind) =>
  (kind === 'customer' ? customers : admins) as unknown as typeof admins;

/** `changes` hears of every write here at once, so cached copies never outlive it in this process. */
export function identityRepository(db: DbOrTx, changes: RowChanges) {
  const written = (kind: PrincipalKind, id: number) => changes.announce(tableName(kind), id);
  return {
    /**
     * By what the login looks like: with an @ an e-mail (any case), all digits a mobile, else a
     * username. The shapes never overlap (account.schema.ts identityRules), so a login names at
     * most one account: no username can capture another account's e-mail or mobile.
     */
    async findByLogin(kind: PrincipalKind, login: string): Promise<IdentityRow | undefined> {
      const t = tableOf(kind);
      const where = login.includes('@')
        ? sql`lower(${t.mail}) = lower(${login})`
        : /^\d+$/.test(login)
          ? eq(t.mobile, login)
          : eq(t.username, login);
      const [row] = await db.select().from(t).where(where);
      return row;
    },
    async findById(kind: PrincipalKind, id: number): Promise<IdentityRow | undefined> {
      const t = tableOf(kind);
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return row;
    },
    /**
     * Whether the account is enabled, holding its row until the transaction ends: a disable
     * running at the same time waits, and then ends what this transaction opened in its name.
     */
    async holdEnabled(kind: PrincipalKind, id: number): Promise<boolean> {
      const t = tableOf(kind);
      const [row] = await db.select({ enabled: t.enabled }).from(t).where(eq(t.id, id)).for('share');
      return row?.enabled ?? false;
    },
    async update(kind: PrincipalKind, id: number, values: Partial<Omit<IdentityRow, 'id' | 'createdAt'>>) {
      const t = tableOf(kind);
      await db.update(t).set(values).where(eq(t.id, id));
      written(kind, id);
    },
    /** True when `step` is newer than the last TOTP step used, which it then becomes. */
    async claimTotpStep(kind: PrincipalKind, id: number, step: number): Promise<boolean> {
      const t = tableOf(kind);
      const claimed = await db
        .update(t)
        .set({ googleAuthLastStep: step })
        .where(and(eq(t.id, id), or(isNull(t.googleAuthLastStep), lt(t.googleAuthLastStep, step))))
        .returning({ id: t.id });
      written(kind, id);
      return claimed.length > 0;
    },
  };
}

type OneTimePurpose = (typeof oneTimeTokens.$inferInsert)['purpose'];

/** A one-time token of this purpose and kind, still unused and unexpired. */
const usableToken = (purpose: OneTimePurpose, tokenHash: string, kind: PrincipalKind) =>
  and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    eq(oneTimeTokens.principalKind, kind),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, sql`now()`),
  );

/** Single-use tokens: redemption marks the row used in the same statement, so it works once. */
export function oneTimeTokenRepository(db: DbOrTx) {
  return {
    async insert(values: typeof oneTimeTokens.$inferInsert) {
      await db.insert(oneTimeTokens).values(values);
      await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, new Date(Date.now() - 86_400_000)));
    },
    /** The token while still unused and unexpired, without spending it. */
    async peek(purpose: OneTimePurpose, tokenHash: string, kind: PrincipalKind) {
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(usableToken(purpose, tokenHash, kind));
      return row;
    },
    async redeem(purpose: OneTimePurpose, tokenHash: string, kind: PrincipalKind) {
      const [row] = await db
        .update(oneTimeTokens)
        .set({ usedAt: sql`now()` })
        .where(usableToken(purpose, tokenHash, kind))
        .returning();
      return row;
    },
  };
}
