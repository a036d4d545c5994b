import { WORK_ORDER_STATUS, workOrderActions } from '@nimbus/contract';
import type { Principal } from '../../platform/auth/session.service';
import { badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { tellCustomer } from './customer-notice';
import { orderNotFound, type PostInput, type WorkOrderContext, type WorkOrderCore } from './work-order.core';
import { workOrderRepository } from './work-order.repository';

/** What an admin does with any work order: answer, assign, complete. */
export function adminWorkOrderActions(ctx: WorkOrderContext, core: WorkOrderCore) {
  const { db } = ctx;
  const { withImages, detail } = core;

  return {
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
        return tellCustomer(ctx, tx, row, 'reply', post.content);
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
        return tellCustomer(ctx, tx, row, 'completed');
      });
      await notify();
      return detail(id);
    },
  };
}
