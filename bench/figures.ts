import type { ServerProcess } from '@quire/server/testing';

export type Figure = {
  name: string;
  value: number;
  unit: string;
  /** A figure with a goal says whether it met it; the limit is a ceiling unless `atLeast`. */
  goal?: { limit: number; met: boolean; atLeast?: boolean };
};

export type BenchContext = { server: ServerProcess };

export type Benchmark = { name: string; run: (context: BenchContext) => Promise<Figure[]> };

export function formatFigure(figure: Figure): string {
  const goal = figure.goal
    ? `  (goal ${figure.goal.atLeast ? '≥' : '≤'} ${figure.goal.limit} ${figure.unit}: ${figure.goal.met ? 'met' : 'MISSED'})`
    : '';
  return `  ${figure.name.padEnd(42)} ${String(figure.value).padStart(10)} ${figure.unit}${goal}`;
}

/** The value below which `share` (0–1) of the values lie: 0.5 the median, 0.95 the p95. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** One decimal, as figures are printed. */
export const round = (value: number) => Math.round(value * 10) / 10;
