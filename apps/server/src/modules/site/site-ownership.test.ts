import { describe, expect, it } from 'vitest';
import { txtNameOf } from './ownership-proof';
import { coveringWildcards } from './site-ownership.repository';

describe('domain ownership names', () => {
  it('lists every wildcard that would cover a name, as nginx matches them (any depth)', () => {
    expect(coveringWildcards('a.b.shop.test')).toEqual(['*.b.shop.test', '*.shop.test', '*.test']);
    expect(coveringWildcards('*.b.shop.test')).toEqual(['*.shop.test', '*.test']);
    expect(coveringWildcards('shop.test')).toEqual(['*.test']);
  });

  it('proves a wildcard at its base, where its owner’s zone is', () => {
    expect(txtNameOf('www.shop.test')).toBe('_nimbus-verify.www.shop.test');
    expect(txtNameOf('*.shop.test')).toBe('_nimbus-verify.shop.test');
  });
});
