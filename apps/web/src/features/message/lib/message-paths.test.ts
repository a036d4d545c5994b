import { describe, expect, it } from 'vitest';
import { messagePathsFor } from '@/features/message/lib/message-paths';

describe('messagePathsFor', () => {
  it('puts the CDN console messages under /cdn', () => {
    const paths = messagePathsFor('cdn');
    expect(paths.list).toBe('/cdn/message');
    expect(paths.detail(7)).toBe('/cdn/message/detail?id=7');
  });

  it('leaves the DNS console paths bare: its router basename is /dns already', () => {
    const paths = messagePathsFor('dns');
    expect(paths.list).toBe('/message');
    expect(paths.detail(42)).toBe('/message/detail?id=42');
  });
});
