import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';

/**
 * Work orders (spec §2 work-order routes, §4 statuses, §5 uploads). A work order is a
 * conversation: its first post is the description, then replies from either side; images hang
 * on posts. Calls that carry images are multipart/form-data: the fields below as form fields,
 * the images as files named `images` (sent together, so a refused image leaves nothing behind).
 *
 * Customer (token of a customer):
 *   POST app/work-order/submit   multipart WorkOrderSubmitRequest + images → WorkOrderCreated
 *   POST app/work-order/list     WorkOrderListRequest     → WorkOrderPage (+ counts per status)
 *   GET  app/work-order/detail?id=                        → WorkOrderDetail
 *   POST app/work-order/reply    multipart WorkOrderPostRequest + images → WorkOrderDetail
 *   POST app/work-order/appeal   multipart WorkOrderPostRequest + images → WorkOrderDetail
 *   POST app/work-order/close    WorkOrderCloseRequest    → WorkOrderDetail
 *   GET  app/work-order/image?id=                         → the image bytes
 * Admin (token of an admin):
 *   POST sys/work-order/list     AdminWorkOrderListRequest → WorkOrderPage
 *   GET  sys/work-order/detail?id=                         → WorkOrderDetail
 *   POST sys/work-order/reply    multipart WorkOrderPostRequest + images → WorkOrderDetail
 *   POST sys/work-order/assign   WorkOrderAssignRequest    → WorkOrderDetail
 *   POST sys/work-order/complete WorkOrderIdRequest        → WorkOrderDetail
 *   GET  sys/work-order/image?id=                          → the image bytes
 */
export const WORK_ORDER_PATHS = {
  submit: 'app/work-order/submit',
  list: 'app/work-order/list',
  detail: 'app/work-order/detail',
  reply: 'app/work-order/reply',
  appeal: 'app/work-order/appeal',
  close: 'app/work-order/close',
  image: 'app/work-order/image',
  adminList: 'sys/work-order/list',
  adminDetail: 'sys/work-order/detail',
  adminReply: 'sys/work-order/reply',
  adminAssign: 'sys/work-order/assign',
  adminComplete: 'sys/work-order/complete',
  adminImage: 'sys/work-order/image',
} as const;

/**
 * Spec §4: 0 processing, 1 completed, 2 appeal processing, 3 closed; the interface also shows
 * "pending", which the spec gives no number: 4 here, a work order no admin has answered yet.
 */
export const WORK_ORDER_STATUS = {
  processing: 0,
  completed: 1,
  appeal: 2,
  closed: 3,
  pending: 4,
} as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUS)[keyof typeof WORK_ORDER_STATUS];
export const WORK_ORDER_STATUSES = [4, 0, 1, 2, 3] as const satisfies readonly WorkOrderStatus[];

/** What a work order is about (step 1). The first three concern one of the customer's sites. */
export const WORK_ORDER_CATEGORIES = ['site', 'certificate', 'cache', 'billing', 'account', 'other'] as const;
export type WorkOrderCategory = (typeof WORK_ORDER_CATEGORIES)[number];
export const SITE_CATEGORIES: readonly WorkOrderCategory[] = ['site', 'certificate', 'cache'];

/** Spec §5 / §9: png, jpg, gif or svg; at most 9 per post, each at most 1 MB. */
export const WORK_ORDER_IMAGE_LIMIT = 9;
export const WORK_ORDER_IMAGE_BYTES = 1024 * 1024;
export const WORK_ORDER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml'] as const;
export const WORK_ORDER_IMAGE_ACCEPT = '.png,.jpg,.jpeg,.gif,.svg';

const required = { message: 'validation.required' };
const text = (max: number) => z.string().trim().min(1, required).max(max);

export const workOrderSubmitRequestSchema = z.object({
  category: z.enum(WORK_ORDER_CATEGORIES, { message: 'validation.invalid' }),
  /** The site it concerns; one of the customer's own. */
  siteId: z.coerce.number().int().min(1).optional(),
  title: text(100),
  description: text(5000),
  /** How to reach the customer about it: a mobile or an e-mail address. */
  contact: text(100),
});
export type WorkOrderSubmitRequest = z.input<typeof workOrderSubmitRequestSchema>;

export const workOrderPostRequestSchema = z.object({
  id: z.coerce.number().int().min(1),
  /** Spec §5: a reply cannot be empty. */
  content: z.string().trim().min(1, { message: 'workOrder.replyEmpty' }).max(5000),
});
export type WorkOrderPostRequest = z.input<typeof workOrderPostRequestSchema>;

export const workOrderIdRequestSchema = z.object({ id: z.coerce.number().int().min(1) });
export const workOrderIdQuerySchema = workOrderIdRequestSchema;
export const workOrderImageQuerySchema = workOrderIdRequestSchema;

export const workOrderCloseRequestSchema = z.object({
  id: z.number().int().min(1),
  /** Overall rating, 1 to 5 stars. */
  rating: z.number({ message: 'validation.required' }).int().min(1).max(5),
  /** Spec §5: resolved or not must be chosen. */
  resolved: z.boolean({ message: 'workOrder.resolvedRequired' }),
  feedback: z.string().trim().max(1000).optional(),
});
export type WorkOrderCloseRequest = z.infer<typeof workOrderCloseRequestSchema>;

export const workOrderAssignRequestSchema = z.object({
  id: z.number().int().min(1),
  /** The admin to handle it; null takes it off anyone's queue. */
  assigneeId: z.number().int().min(1).nullable(),
});
export type WorkOrderAssignRequest = z.infer<typeof workOrderAssignRequestSchema>;

const statusFilter = z.coerce
  .number()
  .int()
  .refine((v) => (WORK_ORDER_STATUSES as readonly number[]).includes(v), { message: 'validation.invalid' })
  .optional();

export const workOrderListRequestSchema = listQuerySchema.extend({
  status: statusFilter,
  /** Part of the number or title. */
  keyword: z.string().trim().max(100).optional(),
});
export type WorkOrderListRequest = z.input<typeof workOrderListRequestSchema>;
export type WorkOrderListQuery = z.infer<typeof workOrderListRequestSchema>;

export const adminWorkOrderListRequestSchema = workOrderListRequestSchema.extend({
  /** Part of the customer's username. */
  username: z.string().trim().max(64).optional(),
  /** 'me' for the caller's own queue, 'none' for work orders nobody has taken. */
  assignee: z.enum(['me', 'none']).optional(),
});
export type AdminWorkOrderListRequest = z.input<typeof adminWorkOrderListRequestSchema>;
export type AdminWorkOrderListQuery = z.infer<typeof adminWorkOrderListRequestSchema>;

export const workOrderSummarySchema = z.object({
  id: z.number().int(),
  /** The number the customer quotes: date and sequence, e.g. 20261123000042. */
  number: z.string(),
  category: z.enum(WORK_ORDER_CATEGORIES),
  title: z.string(),
  status: z.number().int(),
  siteDomain: z.string().nullable(),
  username: z.string(),
  assignee: z.string().nullable(),
  /** Who wrote last: the customer (awaiting an admin) or an admin. */
  lastReplyBy: z.enum(['customer', 'admin']),
  createtime: z.string(),
  updatetime: z.string(),
});
export type WorkOrderSummary = z.infer<typeof workOrderSummarySchema>;

export const workOrderPageSchema = pageSchema(workOrderSummarySchema).extend({
  /** How many of the caller's work orders are in each status (the status tabs' counts). */
  statusCounts: z.record(z.string(), z.number().int()),
});
export type WorkOrderPage = z.infer<typeof workOrderPageSchema>;

export const workOrderImageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type WorkOrderImage = z.infer<typeof workOrderImageSchema>;

export const WORK_ORDER_POST_KINDS = ['description', 'reply', 'appeal'] as const;

export const workOrderPostSchema = z.object({
  id: z.number().int(),
  kind: z.enum(WORK_ORDER_POST_KINDS),
  author: z.enum(['customer', 'admin']),
  authorName: z.string(),
  content: z.string(),
  createtime: z.string(),
  images: z.array(workOrderImageSchema),
});
export type WorkOrderPost = z.infer<typeof workOrderPostSchema>;

export const workOrderDetailSchema = workOrderSummarySchema.extend({
  contact: z.string(),
  siteId: z.number().int().nullable(),
  assigneeId: z.number().int().nullable(),
  rating: z.number().int().nullable(),
  resolved: z.boolean().nullable(),
  feedback: z.string().nullable(),
  posts: z.array(workOrderPostSchema),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

export const workOrderCreatedSchema = z.object({ id: z.number().int(), number: z.string() });
export type WorkOrderCreated = z.infer<typeof workOrderCreatedSchema>;

/** What each side may still do with a work order in this status. */
export const workOrderActions = (status: number) => ({
  /** A supplement from the customer, or an admin's answer. */
  reply: status !== WORK_ORDER_STATUS.closed && status !== WORK_ORDER_STATUS.completed,
  adminReply: status !== WORK_ORDER_STATUS.closed,
  appeal: status === WORK_ORDER_STATUS.completed,
  complete:
    status === WORK_ORDER_STATUS.pending ||
    status === WORK_ORDER_STATUS.processing ||
    status === WORK_ORDER_STATUS.appeal,
  close: status !== WORK_ORDER_STATUS.closed,
});
