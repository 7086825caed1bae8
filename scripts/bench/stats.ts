/**
 * Latency figures for the benchmarks: nearest-rank percentiles over the measured calls, and a
 * plain-text table to print them.
 */

export interface LatencySummary {
  calls: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** The nearest-rank percentile p (0..100) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export function summarise(milliseconds: readonly number[]): LatencySummary {
  const sorted = [...milliseconds].sort((a, b) => a - b);
  const total = sorted.reduce((sum, ms) => sum + ms, 0);
  return {
    calls: sorted.length,
    min: round(sorted[0] ?? Number.NaN),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    mean: round(total / Math.max(1, sorted.length)),
  };
}

/** Columns padded to their widest cell; numbers right-aligned. */
export function textTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map((c) => (typeof c === 'number' ? c.toFixed(1) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.every((row) => typeof row[i] === 'number'));
  const line = (row: string[]) =>
    row.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
