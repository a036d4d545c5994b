import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { admins, customers } from '../account/account.schema';

/**
 * Messages (spec §3). An announcement (type 2) is one row with customerId null, read by every
 * customer; per-customer read and delete state lives in messageReceipts, not in copies.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** 1 internal letter, 2 announcement, 3 work order */
    type: integer('type').notNull(),
    /** 1 published, 0 withdrawn */
    status: integer('status').notNull().default(1),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_customer_idx').on(t.customerId, t.id)],
);

export const messageReceipts = pgTable(
  'message_receipts',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.customerId] })],
);
