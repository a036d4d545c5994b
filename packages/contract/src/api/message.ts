import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { MESSAGE_LIST_LIMIT } from './message-constants';

/**
 * Messages (spec §3, §6, §7). An announcement (type 2) is one row for every customer; each
 * customer's read/deleted state is kept per customer.
 *
 * Customer (token of a customer):
 *   POST app/account/message/list    MessageListRequest → MessagePage (+ unreadCount)
 *   GET  app/account/message/info?id=                   → Message (marks it read)
 *   POST app/account/message/delete  { ids }            → { deleted }
 *   POST app/account/message/read    { ids } | { all: true } → { unreadCount }
 *   GET  app/account/message/unread                     → { unreadCount }
 * Admin (token of an admin):
 *   POST sys/message/publish  { title, content }        → AdminMessage
 *   POST sys/message/list     AdminMessageListRequest   → Page<AdminMessage>
 *   POST sys/message/delete   { ids }                   → { deleted }
 */
export const messageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** ISO 8601 UTC. */
  createtime: z.string(),
  /** 1 internal letter, 2 announcement, 3 work order. */
  type: z.number().int(),
  status: z.number().int(),
  /** 0 unread, 1 read. */
  readStatus: z.number().int(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListRequestSchema = listQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGE_LIST_LIMIT),
  sidx: z.enum(['id', 'createtime'], { message: 'validation.invalid' }).default('id'),
});
export type MessageListRequest = z.input<typeof messageListRequestSchema>;

export const messagePageSchema = pageSchema(messageSchema).extend({ unreadCount: z.number().int() });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messageInfoQuerySchema = z.object({ id: z.coerce.number().int().min(1) });

const idsSchema = z.array(z.number().int().min(1)).min(1, { message: 'validation.required' }).max(500);

export const messageIdsRequestSchema = z.object({ ids: idsSchema });
export type MessageIdsRequest = z.infer<typeof messageIdsRequestSchema>;

/** Either the ids to mark read, or `all: true` for every visible message. */
export const messageReadRequestSchema = z
  .object({ ids: idsSchema.optional(), all: z.literal(true).optional() })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, {
    message: 'message.readTargetRequired',
    path: ['ids'],
  });
export type MessageReadRequest = z.infer<typeof messageReadRequestSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export const messageDeletedSchema = z.object({ deleted: z.number().int() });

export const announcementPublishRequestSchema = z.object({
  title: z.string().trim().min(1, { message: 'validation.required' }).max(200),
  content: z.string().trim().min(1, { message: 'validation.required' }).max(20_000),
});
export type AnnouncementPublishRequest = z.infer<typeof announcementPublishRequestSchema>;

export const adminMessageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createtime: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  /** How many customers have read it. */
  readCount: z.number().int(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminMessageListRequestSchema = listQuerySchema.extend({
  /** Case-insensitive substring of the title. */
  title: z.string().trim().max(200).optional(),
});
export type AdminMessageListRequest = z.input<typeof adminMessageListRequestSchema>;
export const adminMessagePageSchema = pageSchema(adminMessageSchema);
