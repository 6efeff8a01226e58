// `npm run bench`: builds the app (root script), starts the built server on the embedded defaults
// in a temporary DATA_DIR, runs every benchmark and prints its figures. Loopback only, bounded in time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '@quire/server/testing';
import { type Benchmark, formatFigure } from './figures';
import { builtinChapterLatency, generationOverhead } from './suites/generate';
import { ingestPipeline, retrievalLatency } from './suites/ingest';
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
  { name: 'generate: streaming through the server', run: generationOverhead },
  { name: 'generate: built-in chapter', run: builtinChapterLatency },
];

const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
const server = await startServerProcess({ build: 'dist', env: { DATA_DIR: dataDir, LOG_LEVEL: 'error' } });
let missed = 0;
try {
  for (const benchmark of BENCHMARKS) {
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
