import { describe, expect, it } from 'vitest';
import { type BenchmarkRun, RESULTS_INTRO, type RunContext, renderResults, renderSection } from './results';

const CONTEXT: RunContext = {
  date: '2026-11-28',
  commit: 'abc1234',
  host: 'Test CPU, 2 cores, 24 GB RAM, Node v20.20.2, PGlite',
};

const STREAMING: BenchmarkRun = {
  name: 'generate: streaming',
  figures: [
    { name: 'overhead to first text p95', value: 9.6, unit: 'ms', goal: { limit: 30, met: true } },
    { name: 'overhead whole stream p95', value: 41.2, unit: 'ms', goal: { limit: 30, met: false } },
    { name: 'server CPU per stream', value: 17.6, unit: 'ms' },
  ],
};
const PROOFREADING: BenchmarkRun = {
  name: 'proofreading: accuracy',
  figures: [{ name: 'en: errors found', value: 71.5, unit: '% of 120', goal: { limit: 50, met: true, atLeast: true } }],
};

describe('renderSection', () => {
  it('renders one row per figure with its goal, date and commit, under the host', () => {
    expect(renderSection(STREAMING, CONTEXT)).toBe(
      [
        '## generate: streaming',
        '',
        'Host: Test CPU, 2 cores, 24 GB RAM, Node v20.20.2, PGlite.',
        '',
        '| Figure | Value | Goal | Date | Commit |',
        '| --- | ---: | --- | --- | --- |',
        '| overhead to first text p95 | 9.6 ms | ≤ 30 ms: met | 2026-11-28 | abc1234 |',
        '| overhead whole stream p95 | 41.2 ms | ≤ 30 ms: **missed** | 2026-11-28 | abc1234 |',
        '| server CPU per stream | 17.6 ms |  | 2026-11-28 | abc1234 |',
      ].join('\n'),
    );
  });

  it('writes a floor as ≥ and escapes pipes in cells', () => {
    const run = {
      name: 'x',
      figures: [{ name: 'a | b', value: 1, unit: 'ms', goal: { limit: 2, met: false, atLeast: true } }],
    };
    expect(renderSection(run, CONTEXT)).toContain('| a \\| b | 1 ms | ≥ 2 ms: **missed** |');
  });
});

describe('renderResults', () => {
  const order = ['generate: streaming', 'proofreading: accuracy'];

  it('starts a new file with the intro and the tables in the benchmarks’ order', () => {
    const written = renderResults('', [PROOFREADING, STREAMING], CONTEXT, order);
    expect(written.startsWith(RESULTS_INTRO.trimEnd())).toBe(true);
    expect(written.indexOf('## generate: streaming')).toBeLessThan(written.indexOf('## proofreading: accuracy'));
    expect(written.endsWith('abc1234 |\n')).toBe(true);
  });

  it('rewrites the tables of the benchmarks that ran and keeps the others and hand-kept sections', () => {
    const before = renderResults('', [STREAMING, PROOFREADING], CONTEXT, order);
    const withLoad = `${before}\n## load: npm run test:load\n\nKept by hand.\n`;
    const later = { ...CONTEXT, date: '2026-12-01', commit: 'def5678' };
    const faster = { ...STREAMING, figures: [{ name: 'overhead to first text p95', value: 5, unit: 'ms' }] };
    const written = renderResults(withLoad, [faster], later, order);
    expect(written).toContain('| overhead to first text p95 | 5 ms |  | 2026-12-01 | def5678 |');
    expect(written).not.toContain('9.6 ms');
    expect(written).toContain('| en: errors found | 71.5 % of 120 | ≥ 50 % of 120: met | 2026-11-28 | abc1234 |');
    expect(written.trimEnd().endsWith('## load: npm run test:load\n\nKept by hand.')).toBe(true);
    expect(written.match(/^## /gm)).toHaveLength(3);
  });

  it('gives the same file when rendered again from its own output', () => {
    const once = renderResults('', [STREAMING, PROOFREADING], CONTEXT, order);
    expect(renderResults(once, [], CONTEXT, order)).toBe(once);
  });
});
