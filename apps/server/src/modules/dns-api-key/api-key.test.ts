import { describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/auth/secrets';
import { apiKeyOf, lastUsedIsStale, newApiKey } from './api-key';

describe('newApiKey', () => {
  it('makes an nmb_ key of 32 random bytes, keeping its hash and a short visible prefix', () => {
    const { key, keyHash, prefix } = newApiKey();
    expect(key).toMatch(/^nmb_[A-Za-z0-9_-]{43}$/);
    expect(keyHash).toBe(hashToken(key));
    expect(keyHash).not.toContain(key.slice(4));
    expect(prefix).toBe(key.slice(0, 12));
    expect(newApiKey().key).not.toBe(key);
  });
});

describe('apiKeyOf', () => {
  it('reads the key of a Bearer header', () => {
    expect(apiKeyOf('Bearer nmb_abc')).toBe('nmb_abc');
    expect(apiKeyOf('bearer  nmb_abc ')).toBe('nmb_abc');
  });

  it('ignores other schemes, other bearer tokens and no header', () => {
    expect(apiKeyOf(undefined)).toBeUndefined();
    expect(apiKeyOf('')).toBeUndefined();
    expect(apiKeyOf('Basic nmb_abc')).toBeUndefined();
    expect(apiKeyOf('Bearer edge-node-token')).toBeUndefined();
    expect(apiKeyOf('Bearer nmb_a nmb_b')).toBeUndefined();
    expect(apiKeyOf(`Bearer nmb_${'a'.repeat(300)}`)).toBeUndefined();
  });
});

describe('lastUsedIsStale', () => {
  const now = new Date('2030-01-01T00:10:00Z');
  it('writes the first use, then at most once a minute', () => {
    expect(lastUsedIsStale(null, now)).toBe(true);
    expect(lastUsedIsStale(new Date('2030-01-01T00:09:30Z'), now)).toBe(false);
    expect(lastUsedIsStale(new Date('2030-01-01T00:09:00Z'), now)).toBe(true);
  });
});
