import { describe, expect, it } from 'vitest';
import { allocateDraws, type PackageLeft } from './traffic-draws';

const MIN = 60_000;
const T = Date.UTC(2026, 10, 2, 10, 0);
const pkg = (id: number, remaining: number, endsAt = T + 60 * MIN, startsAt = T - 60 * MIN): PackageLeft => ({
  id,
  startsAt,
  endsAt,
  remaining,
});

describe('allocateDraws', () => {
  it('draws a new sample from a package first and gives the rest to the plans', () => {
    expect(allocateDraws([{ at: T, bytes: 150 }], new Map(), [pkg(1, 100)])).toEqual([
      { at: T, packageId: 1, bytes: 100 },
      { at: T, packageId: null, bytes: 50 },
    ]);
  });

  it('draws only what a sample grew by since the ledger attributed it', () => {
    const draws = allocateDraws(
      [
        { at: T, bytes: 100 },
        { at: T + 5 * MIN, bytes: 40 },
      ],
      new Map([
        [T, 70],
        [T + 5 * MIN, 40],
      ]),
      [pkg(1, 1000)],
    );
    expect(draws).toEqual([{ at: T, packageId: 1, bytes: 30 }]);
  });

  it('draws nothing again once every sample is attributed', () => {
    const samples = [{ at: T, bytes: 100 }];
    const first = allocateDraws(samples, new Map(), [pkg(1, 1000)]);
    const ledger = new Map([[T, first.reduce((sum, d) => sum + d.bytes, 0)]]);
    expect(allocateDraws(samples, ledger, [pkg(1, 900)])).toEqual([]);
  });

  it('uses the package that ends first, then the next, never beyond their bytes', () => {
    const draws = allocateDraws([{ at: T, bytes: 100 }], new Map(), [
      pkg(2, 50, T + 90 * MIN),
      pkg(1, 30, T + 30 * MIN),
    ]);
    expect(draws).toEqual([
      { at: T, packageId: 1, bytes: 30 },
      { at: T, packageId: 2, bytes: 50 },
      { at: T, packageId: null, bytes: 20 },
    ]);
  });

  it('carries a package’s use across samples of one run', () => {
    const draws = allocateDraws(
      [
        { at: T + 5 * MIN, bytes: 60 },
        { at: T, bytes: 60 },
      ],
      new Map(),
      [pkg(1, 100)],
    );
    expect(draws).toEqual([
      { at: T, packageId: 1, bytes: 60 },
      { at: T + 5 * MIN, packageId: 1, bytes: 40 },
      { at: T + 5 * MIN, packageId: null, bytes: 20 },
    ]);
  });

  it('draws only from packages in force during the sample', () => {
    const expired = pkg(1, 100, T - MIN, T - 60 * MIN);
    const later = pkg(2, 100, T + 60 * MIN, T + 5 * MIN);
    const midSample = pkg(3, 10, T + 60 * MIN, T + 2 * MIN);
    expect(allocateDraws([{ at: T, bytes: 50 }], new Map(), [expired, later, midSample])).toEqual([
      { at: T, packageId: 3, bytes: 10 },
      { at: T, packageId: null, bytes: 40 },
    ]);
  });

  it('does not change the packages it is given', () => {
    const packages = [pkg(1, 100)];
    allocateDraws([{ at: T, bytes: 100 }], new Map(), packages);
    expect(packages[0]!.remaining).toBe(100);
  });
});
