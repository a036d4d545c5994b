import { isUrlAuthKey } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { randomKey } from '@/features/site-content-secure/lib/random-key';

describe('randomKey', () => {
  it('makes keys the contract takes, different each time', () => {
    const keys = Array.from({ length: 50 }, () => randomKey());
    for (const key of keys) expect(isUrlAuthKey(key)).toBe(true);
    expect(new Set(keys).size).toBe(50);
    expect(randomKey(32)).toHaveLength(32);
  });
});
