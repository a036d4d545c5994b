import { sql } from 'drizzle-orm';
import { admins, customers } from '../../modules/account/account.schema';
import { seedDefaultConfig } from '../../modules/config/config.defaults';
import { hashPassword, randomPassword } from '../auth/secrets';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';

export interface SeededCredentials {
  admin: { username: string; password: string };
  customer: { username: string; password: string };
}

/**
 * On an empty database: one admin, one demo customer and the default web config, in one
 * transaction. Returns the credentials so they can be printed once; later starts return null.
 */
export async function seedIfEmpty(db: Db, config: AppConfig): Promise<SeededCredentials | null> {
  return db.transaction(async (tx) => {
    // Two instances against one external database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(20260101)`);
    const [existing] = await tx.select({ id: admins.id }).from(admins).limit(1);
    if (existing) return null;
    const credentials: SeededCredentials = {
      admin: { username: 'admin', password: config.seedAdminPassword ?? randomPassword() },
      customer: { username: 'demo', password: config.seedCustomerPassword ?? randomPassword() },
    };
    await tx.insert(admins).values({
      username: credentials.admin.username,
      mail: 'admin@example.com',
      passwordHash: await hashPassword(credentials.admin.password),
    });
    await tx.insert(customers).values({
      username: credentials.customer.username,
      mail: 'demo@example.com',
      mobile: '13800000000',
      passwordHash: await hashPassword(credentials.customer.password),
      note: 'Demo customer',
      // The one-machine trial has no public DNS to prove domains with (README, ADR 0033).
      ownershipWaived: true,
    });
    await seedDefaultConfig(tx);
    return credentials;
  });
}
