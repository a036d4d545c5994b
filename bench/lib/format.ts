export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/** A plain fixed-width table for stdout. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** One target (or assertion) of the run: the summary line and the exit code come from these. */
export interface Outcome {
  name: string;
  pass: boolean;
}

export const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
