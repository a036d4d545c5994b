import { describe, expect, it } from 'vitest';
import { attrNamesFor, productSaveRequestSchema } from './product';

const pkg = (attrs: Record<string, number | boolean>, unit = 'm') =>
  productSaveRequestSchema.safeParse({
    kind: 'traffic_package',
    name: 'Ten GB',
    attrs,
    prices: [{ unit, cents: 100 }],
    billingMode: 1,
  });
const messages = (result: ReturnType<typeof pkg>) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('a traffic package product', () => {
  it('carries its traffic only', () => {
    expect(attrNamesFor('traffic_package')).toEqual(['traffic']);
    expect(pkg({ traffic: 10 }).success).toBe(true);
    expect(messages(pkg({ traffic: 10, domains: 1 }))).toEqual(['product.attrNotForKind']);
  });

  it('needs some traffic', () => {
    expect(messages(pkg({}))).toEqual(['product.packageTrafficRequired']);
    expect(messages(pkg({ traffic: 0 }))).toEqual(['product.packageTrafficRequired']);
  });

  it('is valid for a day, month, quarter or year, never "per use"', () => {
    expect(pkg({ traffic: 10 }, 'y').success).toBe(true);
    expect(messages(pkg({ traffic: 10 }, 'p'))).toEqual(['product.cycleNotForKind']);
  });
});

describe('a certificate product', () => {
  const ssl = (unit: string) =>
    productSaveRequestSchema.safeParse({
      kind: 'ssl',
      name: 'DV SSL',
      attrs: {},
      prices: [{ unit, cents: 100 }],
      billingMode: 1,
      ssl: { ca: 'free', maxDomains: 1 },
    });

  it('is priced by time only: a customer cannot buy it "per use"', () => {
    expect(ssl('y').success).toBe(true);
    expect(messages(ssl('p'))).toEqual(['product.cycleNotForKind']);
  });
});
