import type { OwnedPlan, Product } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import {
  cycleOrFirst,
  isLive,
  PLAN_UNITS,
  pricesIn,
  refusalOf,
  renewalStart,
  timesQuantity,
  upgradeTargets,
  VAS_UNITS,
} from './order-terms';

const product = (id: number, prices: Product['prices'], kind: Product['kind'] = 'cdn_plan'): Product => ({
  id,
  kind,
  name: `P${id}`,
  description: '',
  attrs: {},
  prices,
  billingMode: 1,
  usagePriceCents: 0,
  onSale: true,
  sort: 0,
  ssl: null,
  createtime: '2026-01-01T00:00:00Z',
});

const plan = {
  id: 1,
  productId: 10,
  kind: 'cdn_plan',
  cycle: 'm',
  status: 'in_use',
  endAt: '2026-06-30T00:00:00Z',
} as OwnedPlan;

describe('order terms', () => {
  it('offers a plan only its dated cycles, shortest first; a service also by the time', () => {
    const prices = [
      { unit: 'y', cents: 100_000 },
      { unit: 'p', cents: 500 },
      { unit: 'd', cents: 100 },
    ] as const;
    expect(pricesIn(prices, PLAN_UNITS).map((p) => p.unit)).toEqual(['d', 'y']);
    expect(pricesIn(prices, VAS_UNITS).map((p) => p.unit)).toEqual(['d', 'y', 'p']);
    expect(cycleOrFirst([{ unit: 'd' }, { unit: 'y' }], 'y')).toBe('y');
    expect(cycleOrFirst([{ unit: 'd' }, { unit: 'y' }], 'm')).toBe('d');
  });

  it('renews from the end of a plan in force, from now once it has ended', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(renewalStart(plan, now).toISOString()).toBe('2026-06-30T00:00:00.000Z');
    expect(renewalStart(plan, new Date('2026-07-01T00:00:00Z')).toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
  });

  it('refuses renewing an invalid plan and changing an expired one', () => {
    expect(refusalOf('renew', 'expired')).toBeUndefined();
    expect(refusalOf('renew', 'invalid')).toBe('plan.notRenewable');
    expect(refusalOf('change', 'expired')).toBe('plan.expiredNoChange');
    expect([isLive({ status: 'unused' }), isLive({ status: 'expired' })]).toEqual([true, false]);
  });

  it('upgrades only to a dearer product of the same kind priced in the plan cycle', () => {
    const current = product(10, [{ unit: 'm', cents: 1_000 }]);
    const onSale = [
      current,
      product(11, [{ unit: 'm', cents: 900 }]),
      product(12, [{ unit: 'm', cents: 2_000 }]),
      product(13, [{ unit: 'y', cents: 90_000 }]),
      product(14, [{ unit: 'm', cents: 5_000 }], 'dns_plan'),
    ];
    expect(upgradeTargets(plan, onSale).map((p) => p.id)).toEqual([12]);
    // Its product off sale: every priced one of the kind, the server's quote decides.
    expect(upgradeTargets(plan, onSale.slice(1)).map((p) => p.id)).toEqual([11, 12]);
  });

  it("multiplies a service's counts by the quantity and keeps its switches", () => {
    expect(timesQuantity({ domains: 5, https: true }, 3)).toEqual({ domains: 15, https: true });
  });
});
