import {
  SITE_CATEGORIES,
  WORK_ORDER_STATUS,
  workOrderActions,
  type WorkOrderCloseRequest,
  type WorkOrderCreated,
} from '@nimbus/contract';
import type { Principal } from '../../platform/auth/session.service';
import { badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { siteRepository } from '../site/site.repository';
import type { UploadedImage } from './image-check';
import {
  orderNotFound,
  type PostInput,
  type WorkOrderContext,
  type WorkOrderCore,
  type WorkOrderRow,
} from './work-order.core';
import { refuseWhenWorkOrdersPaused } from './work-order-pause';
import { workOrderRepository } from './work-order.repository';

/** What a customer does with their own work orders: file, supplement, appeal, close. */
export function customerWorkOrderActions(ctx: WorkOrderContext, core: WorkOrderCore) {
  const { db } = ctx;
  const { withImages, detail } = core;

  return {
    async submit(
      customer: Principal,
      request: {
        category: WorkOrderRow['category'];
        siteId?: number;
        title: string;
        description: string;
        contact: string;
      },
      images: readonly UploadedImage[],
      caller: Caller,
    ): Promise<WorkOrderCreated> {
      await refuseWhenWorkOrdersPaused(db);
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
  };
}
