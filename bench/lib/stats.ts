/** The p-th percentile (0-100) of some numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** min / median / max of rounds, so the spread between rounds shows beside the figure. */
export function spread(values: readonly number[]): string {
  return `min ${ms(Math.min(...values))} · median ${ms(percentile(values, 50))} · max ${ms(Math.max(...values))}`;
}

/** A table row of timings: what, how many, min, p50, p95, max, the target and the verdict. */
export const timingRow = (what: string, times: number[], target: string, result: string) => [
  what,
  times.length,
  ms(Math.min(...times)),
  ms(percentile(times, 50)),
  ms(percentile(times, 95)),
  ms(Math.max(...times)),
  target,
  result,
];
