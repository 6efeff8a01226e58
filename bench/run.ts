// `npm run bench`: builds the app (root script), starts the built server on the embedded defaults
// in a temporary DATA_DIR, runs every benchmark and prints its figures. Loopback only, bounded in time.
// `npm run bench -- generate search` runs only the benchmarks whose name contains one of the words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { limitHeapGrowth } from '@quire/server/bench';
import { startServerProcess } from '@quire/server/testing';
import { type Benchmark, formatFigure } from './figures';
import { builtinChapterLatency, generationOverhead } from './suites/generate';
import { ingestPipeline, retrievalLatency } from './suites/ingest';
import { proofreadingAccuracy, proofreadingSpeed } from './suites/proofreading';
import { requestReads } from './suites/request-reads';
import { retrievalQuality } from './suites/retrieval-quality';
import { searchLatency } from './suites/search';
import { landingRouteJavaScript, serveLandingPage } from './suites/web';

const BENCHMARKS: Benchmark[] = [
  { name: 'web: landing route bundle', run: landingRouteJavaScript },
  { name: 'web: serving /', run: serveLandingPage },
  { name: 'documents: ingest pipeline', run: ingestPipeline },
  { name: 'documents: retrieval', run: retrievalLatency },
  { name: 'documents: retrieval quality', run: retrievalQuality },
  { name: 'search: merged catalogues and cache', run: searchLatency },
  { name: "requests: the reads behind every request, and a run's start", run: requestReads },
  { name: 'generate: streaming through the server', run: generationOverhead },
  { name: 'generate: built-in chapter', run: builtinChapterLatency },
  { name: 'proofreading: known errors found and fixed', run: proofreadingAccuracy },
  { name: 'proofreading: time to check', run: proofreadingSpeed },
];

// The suites that run the server's code in this process (ingest, retrieval) run it with the server's heap growth.
limitHeapGrowth();

const filters = process.argv.slice(2).map((word) => word.toLowerCase());
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
try {
  for (const benchmark of chosen) {
    console.log(`\n${benchmark.name}`);
    const figures = await benchmark.run({ server });
    for (const figure of figures) console.log(formatFigure(figure));
    missed += figures.filter((figure) => figure.goal && !figure.goal.met).length;
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(missed ? `\n${missed} goal(s) missed` : '\nall goals met');
