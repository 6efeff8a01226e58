/** Latencies and errors per endpoint, and the table the run prints. */
import { readFile, writeFile } from 'node:fs/promises';

export type Sample = { ms: number; ok: boolean };

export class Recorder {
  private readonly samples = new Map<string, Sample[]>();
  private readonly errorExamples = new Map<string, string>();

  /** Times `call`; a rejection or a `false` result counts as an error (the first reason is kept). */
  async time(endpoint: string, call: () => Promise<true | string>): Promise<void> {
    const started = performance.now();
    let outcome: true | string;
    try {
      outcome = await call();
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    this.add(endpoint, { ms: performance.now() - started, ok: outcome === true });
    if (outcome !== true && !this.errorExamples.has(endpoint)) this.errorExamples.set(endpoint, outcome);
  }

  add(endpoint: string, sample: Sample): void {
    const list = this.samples.get(endpoint) ?? [];
    list.push(sample);
    this.samples.set(endpoint, list);
  }

  rows(): EndpointRow[] {
    return [...this.samples].map(([endpoint, samples]) => {
      const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      return {
        endpoint,
        requests: samples.length,
        errors: samples.filter((sample) => !sample.ok).length,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        p99: percentile(times, 0.99),
        firstError: this.errorExamples.get(endpoint),
      };
    });
  }
}

export type EndpointRow = {
  endpoint: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  firstError?: string;
};

/** The value below which `share` of the sorted values lie. */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

export function formatTable(rows: EndpointRow[]): string {
  const header = ['endpoint', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms'];
  const lines = rows.map((row) => [
    row.endpoint,
    String(row.requests),
    String(row.errors),
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    row.p99.toFixed(1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  return [format(header), ...lines.map(format)].join('\n');
}

/**
 * The peak resident memory of a process since it started or since `resetPeakRss` (VmHWM from Linux's /proc,
 * which the kernel keeps itself, so no short peak between two samples is missed); NaN where there is no /proc.
 */
export async function peakRssBytes(pid: number | undefined): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kilobytes = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts the process's peak resident memory again from what it holds now (Linux's clear_refs, value 5), so a
 * later `peakRssBytes` tells the peak of what ran in between. False where that cannot be written.
 */
export async function resetPeakRss(pid: number | undefined): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
