import { describe, expect, it } from 'vitest';
import { movedBy, movedOnto } from '@/features/site-waf/lib/reorder';

describe('reordering rules', () => {
  it('drops a dragged rule in the place of the row it is dropped on', () => {
    expect(movedOnto([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(movedOnto([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(movedOnto([1, 2, 3], 2, 2)).toEqual([1, 2, 3]);
    expect(movedOnto([1, 2, 3], 9, 2)).toEqual([1, 2, 3]);
  });

  it('swaps with a neighbour, and not past either end', () => {
    expect(movedBy([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(movedBy([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(movedBy([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(movedBy([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
