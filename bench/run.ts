// `npm run bench`: builds the app (root script), starts the built server on the embedded defaults
// in a temporary DATA_DIR, runs every benchmark and prints its figures. Loopback only, bounded in time.
// `npm run bench -- generate search` runs only the benchmarks whose name contains one of the words;
// `--write-results` also rewrites their tables in bench/RESULTS.md.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { limitHeapGrowth } from '@quire/server/bench';
import { startServerProcess } from '@quire/server/testing';
import { type Benchmark, formatFigure } from './figures';
import { type BenchmarkRun, renderResults } from './results';
import { currentRunContext } from './run-context';
import { detectorSpeed } from './suites/detector';
import { builtinChapterLatency, generationOverhead } from './suites/generate';
import { headerAccuracy } from './suites/header-accuracy';
import { ingestPipeline, retrievalLatency } from './suites/ingest';
import { ingestPapers } from './suites/ingest-papers';
import { proofreadingAccuracy, proofreadingFalseAlarms, proofreadingSpeed } from './suites/proofreading';
import { requestReads } from './suites/request-reads';
import { retrievalQuality } from './suites/retrieval-quality';
import { searchLatency } from './suites/search';
import { sourceAnswerLatency } from './suites/source-answer';
import { landingRouteJavaScript, serveLandingPage } from './suites/web';

const BENCHMARKS: Benchmark[] = [
  { name: 'web: landing route bundle', run: landingRouteJavaScript },
  { name: 'web: serving /', run: serveLandingPage },
  { name: 'documents: ingest pipeline', run: ingestPipeline },
  { name: 'documents: ingest real papers', run: ingestPapers },
  { name: 'documents: header accuracy on real papers', run: headerAccuracy },
  { name: 'documents: retrieval', run: retrievalLatency },
  { name: 'documents: retrieval quality', run: retrievalQuality },
  { name: 'documents: source answers', run: sourceAnswerLatency },
  { name: 'search: merged catalogues and cache', run: searchLatency },
  { name: "requests: the reads behind every request, and a run's start", run: requestReads },
  { name: 'generate: streaming through the server', run: generationOverhead },
  { name: 'generate: built-in chapter', run: builtinChapterLatency },
  { name: 'proofreading: known errors found and fixed', run: proofreadingAccuracy },
  { name: 'proofreading: false alarms on clean prose', run: proofreadingFalseAlarms },
  { name: 'proofreading: time to check new text', run: proofreadingSpeed },
  { name: 'detector: built-in engine', run: detectorSpeed },
];

// The suites that run the server's code in this process (ingest, retrieval) run it with the server's heap growth.
limitHeapGrowth();

const WRITE_RESULTS = '--write-results';
const RESULTS_FILE = new URL('./RESULTS.md', import.meta.url);

const args = process.argv.slice(2);
// Through `npm run bench -- --write-results` the flag reaches this script as npm's config: `npm start` takes it.
const writeResults = args.includes(WRITE_RESULTS) || process.env.npm_config_write_results === 'true';
const filters = args.filter((arg) => arg !== WRITE_RESULTS).map((word) => word.toLowerCase());
const chosen = BENCHMARKS.filter(
  (benchmark) => filters.length === 0 || filters.some((word) => benchmark.name.toLowerCase().includes(word)),
);
if (chosen.length === 0) throw new Error(`no benchmark matches ${filters.join(', ')}`);

const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
const server = await startServerProcess({
  build: 'dist',
  // The proofreading benchmarks run their own threads; warming the server's would take a core from the others.
  env: { DATA_DIR: dataDir, LOG_LEVEL: 'error', PROOFREADING_WARM: 'false' },
});
let missed = 0;
const runs: BenchmarkRun[] = [];
try {
  for (const benchmark of chosen) {
    console.log(`\n${benchmark.name}`);
    const figures = await benchmark.run({ server });
    for (const figure of figures) console.log(formatFigure(figure));
    missed += figures.filter((figure) => figure.goal && !figure.goal.met).length;
    runs.push({ name: benchmark.name, figures });
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(missed ? `\n${missed} goal(s) missed` : '\nall goals met');
if (writeResults) {
  const databases = process.env.BENCH_DATABASE_URL ? 'PGlite and PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite';
  const previous = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const order = BENCHMARKS.map((benchmark) => benchmark.name);
  writeFileSync(RESULTS_FILE, renderResults(previous, runs, currentRunContext(databases), order));
  console.log(`wrote ${runs.length} table(s) to bench/RESULTS.md`);
}
