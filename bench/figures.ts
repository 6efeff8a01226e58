import type { ServerProcess } from '@quire/server/testing';

export type Figure = {
  name: string;
  value: number;
  unit: string;
  /** A figure with a goal says whether it met it. */
  goal?: { limit: number; met: boolean };
};

export type BenchContext = { server: ServerProcess };

export type Benchmark = { name: string; run: (context: BenchContext) => Promise<Figure[]> };

export function formatFigure(figure: Figure): string {
  const goal = figure.goal
    ? `  (goal ≤ ${figure.goal.limit} ${figure.unit}: ${figure.goal.met ? 'met' : 'MISSED'})`
    : '';
  return `  ${figure.name.padEnd(42)} ${String(figure.value).padStart(10)} ${figure.unit}${goal}`;
}
