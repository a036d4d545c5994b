import { describe, expect, it } from 'vitest';
import { attrSummary, offeredAttrs, sellingAttrs, sellingSummary } from './product-attrs';

const t = (key: string) =>
  ({
    'products.attr.domains': 'Domains',
    'products.attr.https': 'HTTPS',
    'products.attr.traffic': 'Traffic',
  })[key] ?? key;

describe('product attributes', () => {
  it('lists what is offered in catalogue order, counts with their amounts', () => {
    const attrs = { waf: false, https: true, domains: 12_000 };
    expect(offeredAttrs(attrs)).toEqual(['domains', 'https']);
    expect(attrSummary(attrs, t)).toBe('Domains 12,000 · HTTPS');
    expect(attrSummary(attrs, t, 1)).toBe('Domains 12,000');
    expect(attrSummary({ waf: false }, t)).toBe('-');
  });

  it('sells only what Nimbus delivers: no WAF, defense or SMS yet (issue 22)', () => {
    const attrs = { domains: 5, traffic: 100, bandwidth: 10, waf: true, https: true, defense: 20, sms: 50 };
    expect(offeredAttrs(attrs)).toHaveLength(7);
    expect(sellingAttrs(attrs)).toEqual(['domains', 'traffic', 'bandwidth', 'https']);
    expect(sellingSummary(attrs, t, 2)).toBe('Domains 5 · Traffic 100');
    expect(sellingSummary({ waf: true }, t)).toBe('-');
  });
});
