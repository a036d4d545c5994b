import {
  PRODUCT_PATHS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_PATHS,
  type Order,
  type OwnedPlan,
  type Product,
} from '@nimbus/contract';

export const webConfig = { [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} } };

export const pageOf = <T>(list: T[]) => ({ list, totalCount: list.length, pageSize: 20, currPage: 1 });

export function product(patch: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    kind: 'cdn_plan',
    description: '',
    attrs: { domains: 10, https: true },
    prices: [{ unit: 'm', cents: 9_900 }],
    billingMode: 1,
    usagePriceCents: 0,
    onSale: true,
    sort: 0,
    ssl: null,
    createtime: '2026-11-01T00:00:00Z',
    ...patch,
  };
}

export function ownedPlan(patch: Partial<OwnedPlan> & Pick<OwnedPlan, 'id' | 'name'>): OwnedPlan {
  return {
    productId: 4,
    kind: 'cdn_plan',
    attrs: { domains: 10, https: true },
    cycle: 'm',
    status: 'in_use',
    startAt: '2026-11-01T00:00:00Z',
    endAt: '2099-12-01T00:00:00Z',
    sites: [],
    createtime: '2026-11-01T00:00:00Z',
    ...patch,
  };
}

export function order(serialNumber: string): Order {
  return {
    serialNumber,
    userId: 7,
    username: 'alice',
    type: 10,
    state: 'unpaid',
    amount: 0,
    currency: 'CNY',
    body: '',
    productId: null,
    planId: null,
    cycle: null,
    quantity: 1,
    payMethod: null,
    createtime: '2026-11-23T03:00:00Z',
    expiresAt: '2026-11-23T03:30:00Z',
    paidAt: null,
    endedAt: null,
    voidReason: null,
  };
}

/** The on-sale list answers whatever kind is asked: each test offers one kind. */
export const onSale = (products: Product[]) => ({ [PRODUCT_PATHS.list]: pageOf(products) });
