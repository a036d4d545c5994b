/** The screens the plan pages send the customer to (spec §2). */
export const PLAN_ROUTES = {
  purchase: '/cdn/plan/purchase',
  own: '/cdn/plan/own/list',
  vas: '/cdn/plan/vas/list',
  vasPurchase: '/payment/purchase/vas',
  // The site list is the sites feature's; linking here keeps its strings out of these pages.
  sites: '/cdn/site/domain/list',
} as const;

/** Where an unpaid order is paid (the orders feature's payment page). */
export const payOrderRoute = (serialNumber: string) => `/payment/order/${encodeURIComponent(serialNumber)}`;

export const vasPurchaseRoute = (planId?: number) =>
  planId === undefined ? PLAN_ROUTES.vasPurchase : `${PLAN_ROUTES.vasPurchase}?planId=${planId}`;
