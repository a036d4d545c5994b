import {
  ANALYTICS_PATHS,
  PLAN_PATHS,
  PRODUCT_PATHS,
  type Order,
  type OwnedPackage,
  type OwnedPlan,
  type OwnedVas,
  type PackageListRequest,
  type PackagePurchaseRequest,
  type Page,
  type PlanListRequest,
  type PlanPurchaseRequest,
  type PlanRenewRequest,
  type PlanUpgradeRequest,
  type PlanUsage,
  type Product,
  type ProductKind,
  type TrafficUsage,
  type UpgradeQuote,
  type VasPurchaseRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

/** The most a list call returns at once: a catalogue or a customer's plans fit in one answer. */
export const WHOLE_LIST_LIMIT = 200;

export const planKeys = {
  all: ['plans'] as const,
  onSale: (kind: ProductKind) => [...planKeys.all, 'on-sale', kind] as const,
  own: (body: PlanListRequest) => [...planKeys.all, 'own', body] as const,
  vas: (body: PlanListRequest) => [...planKeys.all, 'vas', body] as const,
  packages: (body: PackageListRequest) => [...planKeys.all, 'packages', body] as const,
  quote: (body: PlanUpgradeRequest) => [...planKeys.all, 'quote', body] as const,
  usage: () => [...planKeys.all, 'usage'] as const,
  trafficUsage: () => [...planKeys.all, 'traffic-usage'] as const,
};

export const plansApi = {
  usage: (signal?: AbortSignal) => api.get<PlanUsage>(PLAN_PATHS.usage, undefined, signal),
  /** This month's CDN traffic under each billing mode (analytics, issue 19 §4). */
  trafficUsage: (signal?: AbortSignal) => api.get<TrafficUsage>(ANALYTICS_PATHS.usage, undefined, signal),
  /** The products of one kind on sale, in the order the server sorts them. */
  onSale: async (kind: ProductKind, signal?: AbortSignal) =>
    (await api.post<Page<Product>>(PRODUCT_PATHS.list, { page: 1, limit: WHOLE_LIST_LIMIT, kind }, signal))
      .list,
  own: (body: PlanListRequest, signal?: AbortSignal) =>
    api.post<Page<OwnedPlan>>(PLAN_PATHS.own, body, signal),
  vasList: (body: PlanListRequest, signal?: AbortSignal) =>
    api.post<Page<OwnedVas>>(PLAN_PATHS.vasList, body, signal),
  upgradeQuote: (body: PlanUpgradeRequest, signal?: AbortSignal) =>
    api.post<UpgradeQuote>(PLAN_PATHS.upgradeQuote, body, signal),
  purchase: (body: PlanPurchaseRequest) => api.post<Order>(PLAN_PATHS.purchase, body),
  renew: (body: PlanRenewRequest) => api.post<Order>(PLAN_PATHS.renew, body),
  upgrade: (body: PlanUpgradeRequest) => api.post<Order>(PLAN_PATHS.upgrade, body),
  vasPurchase: (body: VasPurchaseRequest) => api.post<Order>(PLAN_PATHS.vasPurchase, body),
  packageList: (body: PackageListRequest, signal?: AbortSignal) =>
    api.post<Page<OwnedPackage>>(PLAN_PATHS.packageList, body, signal),
  packagePurchase: (body: PackagePurchaseRequest) => api.post<Order>(PLAN_PATHS.packagePurchase, body),
};
