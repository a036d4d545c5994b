import { describe, expect, it } from 'vitest';
import { attrSummary, offeredAttrs } from './product-attrs';

const t = (key: string) =>
  ({ 'products.attr.domains': 'Domains', 'products.attr.https': 'HTTPS' })[key] ?? key;

describe('product attributes', () => {
  it('lists what is offered in catalogue order, counts with their amounts', () => {
    const attrs = { waf: false, https: true, domains: 12_000 };
    expect(offeredAttrs(attrs)).toEqual(['domains', 'https']);
    expect(attrSummary(attrs, t)).toBe('Domains 12,000 · HTTPS');
    expect(attrSummary(attrs, t, 1)).toBe('Domains 12,000');
    expect(attrSummary({ waf: false }, t)).toBe('-');
  });
});
