import { describe, expect, it } from 'vitest';
import { attrNamesFor, productSaveRequestSchema } from './product';
import { sslBuyRequestSchema } from './ssl-order';

const base = { kind: 'ssl', name: 'SSL', attrs: {}, prices: [{ unit: 'y', cents: 100 }], billingMode: 1 };
const paid = {
  ca: 'paid',
  directoryUrl: 'https://acme.ca.test/directory',
  eabKid: 'kid-1',
  eabHmacKey: 'zWNDZM6eQGHWpSRTPal5eIUYFTu7EajV',
  maxDomains: 2,
};
const issues = (value: unknown) => {
  const parsed = productSaveRequestSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('certificate products (issue 22 §4)', () => {
  it('carry CA terms and no quotas', () => {
    expect(issues({ ...base, ssl: paid })).toEqual([]);
    expect(issues({ ...base, ssl: { ca: 'free', maxDomains: 1 } })).toEqual([]);
    expect(attrNamesFor('ssl')).toEqual([]);
    expect(issues({ ...base, attrs: { domains: 1 }, ssl: paid })).toEqual([
      'attrs.domains: product.attrNotForKind',
    ]);
  });

  it('are ssl exactly when they carry terms', () => {
    expect(issues(base)).toEqual(['ssl: validation.required']);
    expect(issues({ ...base, kind: 'cdn_plan', ssl: paid })).toEqual(['ssl: product.attrNotForKind']);
  });

  it('need a paid CA’s directory, key id and (when new) HMAC key, each by field', () => {
    expect(issues({ ...base, ssl: { ca: 'paid', maxDomains: 1 } })).toEqual([
      'ssl.directoryUrl: validation.required',
      'ssl.eabKid: validation.required',
      'ssl.eabHmacKey: validation.required',
    ]);
    // An edit may leave the HMAC key empty: the stored one is kept.
    expect(issues({ ...base, id: 3, ssl: { ...paid, eabHmacKey: '' } })).toEqual([]);
    expect(issues({ ...base, ssl: { ...paid, eabHmacKey: 'not base64!' } })).toEqual([
      'ssl.eabHmacKey: sslProduct.hmacInvalid',
    ]);
    expect(issues({ ...base, ssl: { ...paid, maxDomains: 0 } })).toEqual([
      'ssl.maxDomains: validation.invalid',
    ]);
  });

  it('are bought for at least one domain, for whole cycles', () => {
    const buy = (value: object) => sslBuyRequestSchema.safeParse({ productId: 1, cycle: 'y', ...value });
    expect(buy({ domains: ['a.example.com'] }).success).toBe(true);
    expect(buy({ domains: [] }).success).toBe(false);
    expect(buy({ domains: ['a.example.com'], cycle: 'p' }).success).toBe(false);
  });
});
