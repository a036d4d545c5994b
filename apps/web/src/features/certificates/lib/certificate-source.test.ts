import { describe, expect, it } from 'vitest';
import { sourceOf } from '@/features/certificates/lib/certificate-source';

describe('sourceOf', () => {
  it('tells a bought certificate from a free one, both issued over ACME', () => {
    expect(sourceOf({ source: 'acme', productId: 4 })).toBe('bought');
    expect(sourceOf({ source: 'acme', productId: null })).toBe('acme');
    expect(sourceOf({ source: 'upload', productId: null })).toBe('upload');
  });
});
