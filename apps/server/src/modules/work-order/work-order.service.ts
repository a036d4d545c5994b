import {
  SITE_CATEGORIES,
  translate,
  WORK_ORDER_STATUS,
  workOrderActions,
  type AdminWorkOrderListQuery,
  type WorkOrderCloseRequest,
  type WorkOrderCreated,
  type WorkOrderDetail,
  type WorkOrderListQuery,
  type WorkOrderPage,
  type WorkOrderSummary,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { customers } from '../account/account.schema';
import { mailService } from '../mail/mail.service';
import { messages } from '../message/message.schema';
import { siteRepository } from '../site/site.repository';
import { smsService } from '../sms/sms.service';
import { platformLang } from '../web-config/web-config.service';
import { checkImage, type UploadedImage } from './image-check';
import { imageStore } from './image-store';
import { workOrderRepository, type WorkOrderFilter } from './work-order.repository';
import { pageOf } from '../../platform/db/paging';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof workOrderRepository>['byId']>>>;

export interface PostInput {
  content: string;
  images: readonly UploadedImage[];
}

function toSummary(row: Row): WorkOrderSummary {
  return {
    id: row.id,
    number: row.number,
    category: row.category,
    title: row.title,
    status: row.status,
    siteDomain: row.siteDomain,
    username: row.username,
    assignee: row.assignee,
    lastReplyBy: row.lastReplyBy,
    createtime: row.createdAt.toISOString(),
    updatetime: row.updatedAt.toISOString(),
  };
}

const orderNotFound = () => notFound('workOrder.notFound');

/**
 * Work orders: customers file and follow them, admins answer them. Status rules are the
 * contract's `workOrderActions`; every change takes the row's lock first, so two changes (a
 * close and an admin's reply) never interleave. Images are checked and written before the
 * transaction and removed again if it fails, so nothing is left half-written.
 */
export function workOrderService(ctx: Pick<AppContext, 'db' | 'audit' | 'config'>) {
  const { db } = ctx;
  const repo = workOrderRepository(db);
  const store = imageStore(ctx.config.dataDir);

  async function detail(id: number, customerId?: number): Promise<WorkOrderDetail> {
    const row = await repo.byId(id, customerId);
    if (!row) throw orderNotFound();
    const [posts, images] = await Promise.all([repo.posts(id), repo.images(id)]);
    return {
      ...toSummary(row),
      contact: row.contact,
      siteId: row.siteId,
      assigneeId: row.assigneeId,
      rating: row.rating,
      resolved: row.resolved,
      feedback: row.feedback,
      posts: posts.map((post) => ({
        id: post.id,
        kind: post.kind,
        author: post.author,
        authorName: post.authorName ?? '—',
        content: post.content,
        createtime: post.createdAt.toISOString(),
        images: images
          .filter((image) => image.postId === post.id)
          .map(({ id, name, contentType, size }) => ({ id, name, contentType, size })),
      })),
    };
  }

  /**
   * Writes the images, runs `write` with a function that records them on a post, and removes
   * the files again when the transaction fails.
   */
  async function withImages<T>(
    uploads: readonly UploadedImage[],
    write: (tx: DbOrTx, attach: (workOrderId: number, postId: number) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const checked = uploads.map(checkImage);
    const stored: { key: string; image: (typeof checked)[number] }[] = [];
    try {
      for (const image of checked) stored.push({ key: await store.put(image.bytes), image });
      return await db.transaction((tx) =>
        write(tx, (workOrderId, postId) =>
          workOrderRepository(tx).insertImages(
            stored.map(({ key, image }) => ({
              workOrderId,
              postId,
              name: image.name.slice(0, 200),
              contentType: image.contentType,
              size: image.bytes.length,
              storageKey: key,
            })),
          ),
        ),
      );
    } catch (error) {
      await store.remove(stored.map((s) => s.key));
      throw error;
    }
  }

  async function page(
    filter: WorkOrderFilter,
    request: { page: number; limit: number; order: 'asc' | 'desc' },
  ): Promise<WorkOrderPage> {
    const { rows, total, counts } = await repo.page(filter, request);
    return {
      ...pageOf(rows.map(toSummary), total, request),
      statusCounts: Object.fromEntries(counts.map((c) => [String(c.status), c.n])),
    };
  }

  /**
   * The customer hears of an admin's answer by letter (type 3), and by e-mail and SMS (the
   * provider's `work_order` template, for answers) when those are on.
   */
  async function tellCustomer(
    tx: DbOrTx,
    order: { customerId: number; number: string; title: string },
    kind: 'reply' | 'completed',
    content = '',
  ) {
    const lang = await platformLang(tx);
    const params = { number: order.number, title: order.title, content };
    const notice =
      kind === 'reply'
        ? {
            title: translate('workOrder.replyLetterTitle', lang, params),
            content: translate('workOrder.replyLetterContent', lang, params),
          }
        : {
            title: translate('workOrder.completedLetterTitle', lang, params),
            content: translate('workOrder.completedLetterContent', lang, params),
          };
    await tx.insert(messages).values({ ...notice, type: 3, customerId: order.customerId });
    const [customer] = await tx
      .select({ mail: customers.mail, mobile: customers.mobile })
      .from(customers)
      .where(eq(customers.id, order.customerId));
    // Sent once the change has committed; a channel that is off or fails does not undo it.
    return async () => {
      if (customer?.mail)
        await mailService(db)
          .sendNotice({ to: customer.mail, subject: notice.title, text: notice.content })
          .catch(() => false);
      if (customer?.mobile && kind === 'reply')
        await smsService(db, ctx.config.smsEndpoints)
          .sendNotice(customer.mobile, 'work_order', { number: order.number })
          .catch(() => false);
    };
  }

  return {
    detail,

    list: (customerId: number, request: WorkOrderListQuery) =>
      page({ customerId, status: request.status, keyword: request.keyword }, request),

    listAll: (admin: Principal, request: AdminWorkOrderListQuery) =>
      page(
        {
          status: request.status,
          keyword: request.keyword,
          username: request.username,
          assignee: request.assignee === 'me' ? admin.id : request.assignee,
        },
        request,
      ),

    async submit(
      customer: Principal,
      request: {
        category: Row['category'];
        siteId?: number;
        title: string;
        description: string;
        contact: string;
      },
      images: readonly UploadedImage[],
      caller: Caller,
    ): Promise<WorkOrderCreated> {
      let siteDomain: string | null = null;
      const siteId = SITE_CATEGORIES.includes(request.category) ? request.siteId : undefined;
      if (siteId !== undefined) {
        const [site] = await siteRepository(db).byIds(customer.id, [siteId]);
        if (!site) throw badRequest('workOrder.siteNotFound');
        siteDomain = site.domain;
      }
      return withImages(images, async (tx, attach) => {
        const txRepo = workOrderRepository(tx);
        const created = await txRepo.insert({
          customerId: customer.id,
          category: request.category,
          siteId: siteId ?? null,
          siteDomain,
          title: request.title,
          contact: request.contact,
          status: WORK_ORDER_STATUS.pending,
        });
        const postId = await txRepo.insertPost({
          workOrderId: created.id,
          kind: 'description',
          author: 'customer',
          authorId: customer.id,
          content: request.description,
        });
        await attach(created.id, postId);
        await ctx.audit.record(
          customer,
          caller.ip,
          {
            action: 'work_order.submit',
            target: `work_order:${created.id}`,
            detail: { number: created.number },
          },
          tx,
        );
        return created;
      });
    },

    /** A supplement (customer) while the work order is open; after completion, an appeal. */
    async reply(customer: Principal, id: number, post: PostInput, caller: Caller, appeal = false) {
      await withImages(post.images, async (tx, attach) => {
        const txRepo = workOrderRepository(tx);
        const order = await txRepo.lock(id, customer.id);
        if (!order) throw orderNotFound();
        const actions = workOrderActions(order.status);
        if (order.status === WORK_ORDER_STATUS.closed) throw badRequest('workOrder.closedNoReply');
        if (appeal && !actions.appeal) throw badRequest('workOrder.appealOnlyCompleted');
        if (!appeal && !actions.reply) throw badRequest('workOrder.completedAppeal');
        const postId = await txRepo.insertPost({
          workOrderId: id,
          kind: appeal ? 'appeal' : 'reply',
          author: 'customer',
          authorId: customer.id,
          content: post.content,
        });
        await attach(id, postId);
        await txRepo.update(id, {
          lastReplyBy: 'customer',
          ...(appeal ? { status: WORK_ORDER_STATUS.appeal } : {}),
        });
        if (appeal)
          await ctx.audit.record(
            customer,
            caller.ip,
            { action: 'work_order.appeal', target: `work_order:${id}` },
            tx,
          );
      });
      return detail(id, customer.id);
    },

    async close(customer: Principal, request: WorkOrderCloseRequest, caller: Caller) {
      await db.transaction(async (tx) => {
        const txRepo = workOrderRepository(tx);
        const order = await txRepo.lock(request.id, customer.id);
        if (!order) throw orderNotFound();
        if (!workOrderActions(order.status).close) throw badRequest('workOrder.closedNoReply');
        await txRepo.update(request.id, {
          status: WORK_ORDER_STATUS.closed,
          rating: request.rating,
          resolved: request.resolved,
          feedback: request.feedback || null,
        });
        await ctx.audit.record(
          customer,
          caller.ip,
          {
            action: 'work_order.close',
            target: `work_order:${request.id}`,
            detail: { rating: request.rating, resolved: request.resolved },
          },
          tx,
        );
      });
      return detail(request.id, customer.id);
    },

    /** An admin's answer: the first one takes a pending work order into processing. */
    async adminReply(admin: Principal, id: number, post: PostInput, caller: Caller) {
      const notify = await withImages(post.images, async (tx, attach) => {
        const txRepo = workOrderRepository(tx);
        const order = await txRepo.lock(id);
        if (!order) throw orderNotFound();
        if (!workOrderActions(order.status).adminReply) throw badRequest('workOrder.closedNoReply');
        const postId = await txRepo.insertPost({
          workOrderId: id,
          kind: 'reply',
          author: 'admin',
          authorId: admin.id,
          content: post.content,
        });
        await attach(id, postId);
        const row = (await txRepo.byId(id))!;
        await txRepo.update(id, {
          lastReplyBy: 'admin',
          ...(order.status === WORK_ORDER_STATUS.pending ? { status: WORK_ORDER_STATUS.processing } : {}),
          ...(row.assigneeId === null ? { assigneeId: admin.id } : {}),
        });
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'work_order.reply', target: `work_order:${id}` },
          tx,
        );
        return tellCustomer(tx, row, 'reply', post.content);
      });
      await notify();
      return detail(id);
    },

    async assign(admin: Principal, id: number, adminId: number | null, caller: Caller) {
      await db.transaction(async (tx) => {
        const txRepo = workOrderRepository(tx);
        const order = await txRepo.lock(id);
        if (!order) throw orderNotFound();
        if (adminId !== null && !(await txRepo.adminExists(adminId)))
          throw badRequest('workOrder.adminNotFound');
        await txRepo.update(id, { assigneeId: adminId });
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'work_order.assign', target: `work_order:${id}`, detail: { adminId } },
          tx,
        );
      });
      return detail(id);
    },

    async complete(admin: Principal, id: number, caller: Caller) {
      const notify = await db.transaction(async (tx) => {
        const txRepo = workOrderRepository(tx);
        const order = await txRepo.lock(id);
        if (!order) throw orderNotFound();
        if (!workOrderActions(order.status).complete) throw badRequest('workOrder.cannotComplete');
        const row = (await txRepo.byId(id))!;
        await txRepo.update(id, { status: WORK_ORDER_STATUS.completed });
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'work_order.complete', target: `work_order:${id}` },
          tx,
        );
        return tellCustomer(tx, row, 'completed');
      });
      await notify();
      return detail(id);
    },

    /** The image's bytes, if the caller may see it: its customer, or any admin. */
    async image(id: number, customerId?: number) {
      const row = await repo.image(id, customerId);
      if (!row) throw notFound();
      return { contentType: row.contentType, bytes: await store.read(row.storageKey) };
    },
  };
}
