/** The work-order screens (menu paths of the CDN user and admin consoles). */
export const WORK_ORDER_ROUTES = {
  list: '/cdn/work-order/list/status',
  detail: (id: number) => `/cdn/work-order/list/detail?id=${id}`,
  step1: '/cdn/work-order/submit/step-1',
  step2: '/cdn/work-order/submit/step-2',
  step3: '/cdn/work-order/submit/step-3',
  adminList: '/support/work-orders',
  adminDetail: (id: number) => `/support/work-orders/detail?id=${id}`,
} as const;
