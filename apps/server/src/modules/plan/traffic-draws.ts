import { BANDWIDTH_SAMPLE_SECONDS } from '@nimbus/contract';

const SAMPLE_MS = BANDWIDTH_SAMPLE_SECONDS * 1000;

/** A customer's 5-minute traffic sample: its start (ms) and the bytes served in it so far. */
export interface Sample {
  at: number;
  bytes: number;
}

/** A package as the draw-down sees it: its validity (ms) and the bytes it has left. */
export interface PackageLeft {
  id: number;
  startsAt: number;
  endsAt: number;
  remaining: number;
}

/** Bytes of one sample attributed to a package, or to the plans' quota (`packageId` null). */
export interface Draw {
  at: number;
  packageId: number | null;
  bytes: number;
}

/**
 * The new ledger rows for samples that grew past what the ledger attributed to them (a new
 * sample, or late logs raising a past one): each growth is drawn from the packages in force
 * during the sample — any part of its 5 minutes, so a package bought mid-sample counts — earliest
 * end first (the one that would lapse first is used first), never beyond a package's bytes; the
 * rest falls to the plans. Pure: `packages` is not changed.
 */
export function allocateDraws(
  samples: readonly Sample[],
  attributed: ReadonlyMap<number, number>,
  packages: readonly PackageLeft[],
): Draw[] {
  const left = packages.map((pkg) => ({ ...pkg })).sort((a, b) => a.endsAt - b.endsAt || a.id - b.id);
  const draws: Draw[] = [];
  for (const sample of [...samples].sort((a, b) => a.at - b.at)) {
    let due = sample.bytes - (attributed.get(sample.at) ?? 0);
    if (due <= 0) continue;
    for (const pkg of left) {
      if (due === 0) break;
      const inForce = pkg.startsAt < sample.at + SAMPLE_MS && sample.at < pkg.endsAt;
      if (!inForce || pkg.remaining <= 0) continue;
      const bytes = Math.min(due, pkg.remaining);
      pkg.remaining -= bytes;
      due -= bytes;
      draws.push({ at: sample.at, packageId: pkg.id, bytes });
    }
    if (due > 0) draws.push({ at: sample.at, packageId: null, bytes: due });
  }
  return draws;
}
