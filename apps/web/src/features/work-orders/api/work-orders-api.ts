import {
  WORK_ORDER_PATHS,
  type AdminWorkOrderListRequest,
  type WorkOrderCloseRequest,
  type WorkOrderCreated,
  type WorkOrderDetail,
  type WorkOrderListRequest,
  type WorkOrderPage,
  type WorkOrderSubmitRequest,
} from '@nimbus/contract';
import { api, downloadFile, request } from '@/shared/api/client';

/** Which console is asking: the customer's own work orders, or the admins' queue. */
export type WorkOrderSide = 'customer' | 'admin';

/** The form fields and the chosen image files as one multipart body. */
function formOf(fields: Record<string, string | number | undefined>, images: readonly File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
  for (const image of images) form.append('images', image, image.name);
  return form;
}

const paths = (side: WorkOrderSide) =>
  side === 'admin'
    ? {
        detail: WORK_ORDER_PATHS.adminDetail,
        reply: WORK_ORDER_PATHS.adminReply,
        image: WORK_ORDER_PATHS.adminImage,
      }
    : { detail: WORK_ORDER_PATHS.detail, reply: WORK_ORDER_PATHS.reply, image: WORK_ORDER_PATHS.image };

export interface PostInput {
  id: number;
  content: string;
  images: readonly File[];
}

export const workOrderKeys = {
  all: ['work-orders'] as const,
  list: (side: WorkOrderSide, request: object) => [...workOrderKeys.all, side, 'list', request] as const,
  detail: (side: WorkOrderSide, id: number) => [...workOrderKeys.all, side, 'detail', id] as const,
  image: (side: WorkOrderSide, id: number) => [...workOrderKeys.all, side, 'image', id] as const,
};

export const workOrdersApi = {
  list: (body: WorkOrderListRequest, signal?: AbortSignal) =>
    api.post<WorkOrderPage>(WORK_ORDER_PATHS.list, body, signal),
  adminList: (body: AdminWorkOrderListRequest, signal?: AbortSignal) =>
    api.post<WorkOrderPage>(WORK_ORDER_PATHS.adminList, body, signal),
  detail: (side: WorkOrderSide, id: number, signal?: AbortSignal) =>
    api.get<WorkOrderDetail>(paths(side).detail, { id }, signal),
  submit: ({ images, ...fields }: WorkOrderSubmitRequest & { siteId?: number; images: readonly File[] }) =>
    request<WorkOrderCreated>('POST', WORK_ORDER_PATHS.submit, { form: formOf(fields, images) }),
  reply: (side: WorkOrderSide, { images, ...fields }: PostInput) =>
    request<WorkOrderDetail>('POST', paths(side).reply, { form: formOf(fields, images) }),
  appeal: ({ images, ...fields }: PostInput) =>
    request<WorkOrderDetail>('POST', WORK_ORDER_PATHS.appeal, { form: formOf(fields, images) }),
  close: (body: WorkOrderCloseRequest) => api.post<WorkOrderDetail>(WORK_ORDER_PATHS.close, body),
  assign: (id: number, assigneeId: number | null) =>
    api.post<WorkOrderDetail>(WORK_ORDER_PATHS.adminAssign, { id, assigneeId }),
  complete: (id: number) => api.post<WorkOrderDetail>(WORK_ORDER_PATHS.adminComplete, { id }),
  /** The image's bytes: it is private, so it is fetched with the token, not linked. */
  image: async (side: WorkOrderSide, id: number, signal?: AbortSignal) =>
    (await downloadFile(paths(side).image, { query: { id }, signal })).blob,
};
