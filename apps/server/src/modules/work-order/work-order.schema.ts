import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { WorkOrderCategory } from '@nimbus/contract';
import { admins, customers } from '../account/account.schema';
import { sites } from '../site/site.schema';

/** A customer's request for help (spec §4 statuses: WORK_ORDER_STATUS of the contract). */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    /** Date and sequence, e.g. 20261123000042: what the customer quotes. */
    number: text('number').notNull().unique('work_orders_number_unique'),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    category: text('category').$type<WorkOrderCategory>().notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    /** Kept as it was when submitted: the site may be deleted later. */
    siteDomain: text('site_domain'),
    title: text('title').notNull(),
    contact: text('contact').notNull(),
    status: smallint('status').notNull(),
    assigneeId: integer('assignee_id').references(() => admins.id, { onDelete: 'set null' }),
    lastReplyBy: text('last_reply_by').$type<'customer' | 'admin'>().notNull().default('customer'),
    rating: smallint('rating'),
    resolved: boolean('resolved'),
    feedback: text('feedback'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_orders_customer_idx').on(t.customerId, t.id),
    index('work_orders_status_idx').on(t.status, t.id),
  ],
);

/** One message of the conversation; the first is the description. */
export const workOrderPosts = pgTable(
  'work_order_posts',
  {
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'description' | 'reply' | 'appeal'>().notNull(),
    author: text('author').$type<'customer' | 'admin'>().notNull(),
    /** The customer or admin who wrote it; null once that account is gone. */
    authorId: integer('author_id'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_posts_order_idx').on(t.workOrderId, t.id)],
);

/** An image of a post; its bytes are a file under DATA_DIR (work-order-image-store.ts). */
export const workOrderImages = pgTable(
  'work_order_images',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => workOrderPosts.id, { onDelete: 'cascade' }),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    /** The name it was uploaded with, for display only. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The file's name in the store: random, never derived from the upload. */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_images_post_idx').on(t.postId)],
);
