import type { Figure } from './figures';

/** One benchmark's figures from one run. */
export type BenchmarkRun = { name: string; figures: Figure[] };

/** Where and when a run was measured; the same for every benchmark of one `npm run bench`. */
export type RunContext = { date: string; commit: string; host: string };

export const RESULTS_INTRO = `# Benchmark results

The current figures of every benchmark in \`bench/run.ts\`, one table each, with the goal, the date, the commit
measured and the host. To refresh them, run on a machine with nothing else running:

\`\`\`sh
npm run bench -- --write-results               # every benchmark; rewrites this file
npm run bench -- generate --write-results      # only the benchmarks whose name holds a word; the rest stay
\`\`\`

\`BENCH_DATABASE_URL\` adds PostgreSQL to the streaming benchmark. Sections no benchmark writes (the load run)
are kept as they are. Older figures are in this file's git history.
`;

const SECTION_START = /^## /m;

/**
 * The results file after a run: the intro, then one section per benchmark in `order` (those that ran are
 * rewritten, the others kept from `previous`), then any other section of `previous` as it was.
 */
export function renderResults(previous: string, runs: BenchmarkRun[], context: RunContext, order: string[]): string {
  const kept = sectionsOf(previous);
  for (const run of runs) kept.set(run.name, renderSection(run, context));
  const known = order.filter((name) => kept.has(name));
  const others = [...kept.keys()].filter((name) => !order.includes(name));
  const sections = [...known, ...others].map((name) => kept.get(name) ?? '');
  return `${[RESULTS_INTRO, ...sections].map((part) => part.trimEnd()).join('\n\n')}\n`;
}

/** One benchmark's table: every figure with its goal, measured on one date, commit and host. */
export function renderSection(run: BenchmarkRun, context: RunContext): string {
  const rows = run.figures.map(
    (figure) =>
      `| ${cell(figure.name)} | ${cell(`${figure.value} ${figure.unit}`)} | ${cell(goalOf(figure))} | ${context.date} | ${cell(context.commit)} |`,
  );
  return [
    `## ${run.name}`,
    '',
    `Host: ${context.host}.`,
    '',
    '| Figure | Value | Goal | Date | Commit |',
    '| --- | ---: | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

function goalOf(figure: Figure): string {
  if (!figure.goal) return '';
  const bound = `${figure.goal.atLeast ? '≥' : '≤'} ${figure.goal.limit} ${figure.unit}`;
  return `${bound}: ${figure.goal.met ? 'met' : '**missed**'}`;
}

/** The file's sections by benchmark name (the heading's text), each with its heading. */
function sectionsOf(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of markdown.split(SECTION_START).slice(1)) {
    const name = part.slice(0, part.indexOf('\n') === -1 ? undefined : part.indexOf('\n')).trim();
    sections.set(name, `## ${part}`);
  }
  return sections;
}

const cell = (text: string) => text.replaceAll('|', '\\|');
