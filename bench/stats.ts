/** Summaries of timing samples for the benchmarks: nearest-rank percentiles, so every figure is a real sample. */

export interface Summary {
  count: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

/**
 * The nearest-rank percentile (p from 0 to 1) of values sorted ascending: the smallest sample with at least p of
 * the samples at or below it. NaN when there are no samples.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`a percentile must be between 0 and 1, got ${p}`);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    median: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export const median = (samples: readonly number[]): number => summarize(samples).median;

/** Rounds for reports: enough digits to compare runs, not so many that noise looks like signal. */
export function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
