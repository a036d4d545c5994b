import { describe, expect, it } from 'vitest';
import { customerPath } from '@/features/layout/lib/customer-path';

describe('customerPath', () => {
  it.each([
    ['cdn', '/account/info', '/cdn/account/info'],
    ['cdn', '/finance/recharge', '/cdn/finance/recharge'],
    ['dns', '/account/info', '/account/info'],
    ['dns', '/message', '/message'],
  ] as const)('%s %s → %s', (product, path, expected) => {
    expect(customerPath(product, path)).toBe(expected);
  });
});
