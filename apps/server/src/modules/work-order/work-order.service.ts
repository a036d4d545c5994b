import type { AdminWorkOrderListQuery, WorkOrderListQuery } from '@nimbus/contract';
import type { Principal } from '../../platform/auth/session.service';
import { adminWorkOrderActions } from './admin-actions';
import { customerWorkOrderActions } from './customer-actions';
import { workOrderCore, type WorkOrderContext } from './work-order.core';

export type { PostInput } from './work-order.core';

/**
 * Work orders: customers file and follow them, admins answer them. Status rules are the
 * contract's `workOrderActions`; every change takes the row's lock first, so two changes (a
 * close and an admin's reply) never interleave. Images are checked and written before the
 * transaction and removed again if it fails, so nothing is left half-written.
 */
export function workOrderService(ctx: WorkOrderContext) {
  const core = workOrderCore(ctx);
  return {
    detail: core.detail,
    image: core.image,

    list: (customerId: number, request: WorkOrderListQuery) =>
      core.page({ customerId, status: request.status, keyword: request.keyword }, request),

    listAll: (admin: Principal, request: AdminWorkOrderListQuery) =>
      core.page(
        {
          status: request.status,
          keyword: request.keyword,
          username: request.username,
          assignee: request.assignee === 'me' ? admin.id : request.assignee,
        },
        request,
      ),

    ...customerWorkOrderActions(ctx, core),
    ...adminWorkOrderActions(ctx, core),
  };
}
