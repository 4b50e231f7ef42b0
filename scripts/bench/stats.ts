// Percentiles of a sample (nearest-rank), rounded for the report.

/** Nearest-rank percentile of `values` (ms); NaN for an empty sample. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

export type Summary = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };

/** p50 / p95 / p99 / max / mean of a sample, one decimal. */
export function summarise(values: number[]): Summary {
  const round = (v: number) => Math.round(v * 10) / 10;
  const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
  return {
    n: values.length,
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    max: round(Math.max(...values)),
    mean: round(mean),
  };
}
