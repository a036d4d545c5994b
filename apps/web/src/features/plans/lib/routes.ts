import type { PlanKind } from '@nimbus/contract';
import { currentVariant } from '@/app/variant';
import { customerPath } from '@/features/layout/lib/customer-path';

type Product = 'cdn' | 'dns';

/** What each customer console sells as a plan: the CDN console CDN plans, the DNS console DNS plans. */
const planKindOf = (product: Product): PlanKind => (product === 'dns' ? 'dns_plan' : 'cdn_plan');

/**
 * The screens the plan pages send the customer to (spec §2), in a console's router: CDN paths
 * carry /cdn, the DNS console's none. The /payment paths are the same in both.
 */
const planRoutesOf = (product: Product) =>
  ({
    purchase: customerPath(product, '/plan/purchase'),
    own: customerPath(product, '/plan/own/list'),
    vas: customerPath(product, '/plan/vas/list'),
    vasPurchase: '/payment/purchase/vas',
    packages: customerPath(product, '/plan/prepaid'),
    // The site list is the sites feature's; linking here keeps its strings out of these pages.
    sites: customerPath(product, '/site/domain/list'),
  }) as const;

/** This console's plan kind and plan screens. */
export const PLAN_KIND = planKindOf(currentVariant.product);
export const PLAN_ROUTES = planRoutesOf(currentVariant.product);
/** CDN plans carry sites and take value-added services; DNS plans do neither. */
export const CDN_PLANS = PLAN_KIND === 'cdn_plan';

/** Where an unpaid order is paid (the orders feature's payment page). */
export const payOrderRoute = (serialNumber: string) => `/payment/order/${encodeURIComponent(serialNumber)}`;

export const vasPurchaseRoute = (planId?: number) =>
  planId === undefined ? PLAN_ROUTES.vasPurchase : `${PLAN_ROUTES.vasPurchase}?planId=${planId}`;
