import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  chunkPages,
  createPassageIndexer,
  createPdfTextPool,
  extractPdf,
  makePdf,
  openDatabase,
  retrievePassages,
  sources,
  storePassages,
  users,
} from '@quire/server/bench';
import { type Figure, percentile, round } from '../figures';

const PAGES = 300;
const LIBRARY_DOCUMENTS = 1_000;
const PASSAGES_PER_DOCUMENT = 20;
const QUESTIONS = 200;
/** Each side is timed this many times and its median kept: one run on a busy machine says little. */
const RUNS = 3;

const WORDS =
  'soil erosion climate rainfall agriculture sediment river basin vegetation runoff nitrogen carbon model field survey slope terrace crop yield drought policy farmer watershed grazing forest wetland'.split(
    ' ',
  );

function page(seed: number): string[] {
  return Array.from({ length: 40 }, (_, line) => {
    const words = Array.from({ length: 12 }, (_, i) => WORDS[(seed * 7 + line * 13 + i * 5) % WORDS.length]);
    return `${words.join(' ')}.`;
  });
}

/** Extract + chunk + index of a generated 300-page PDF, against poppler's pdftotext on the same file. */
export async function ingestPipeline(): Promise<Figure[]> {
  const pdf = makePdf(Array.from({ length: PAGES }, (_, index) => page(index)));
  // On disk, as the server keeps it: in memory, PGlite grows each file by copying it whole, which costs
  // about a fifth of the indexing here and is not what a running server pays.
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-ingest-'));
  const database = await openDatabase({ engine: 'pglite', dataDir });
  await database.migrate();
  const [user] = await database.db.insert(users).values({ email: 'bench@example.org', name: 'Bench' }).returning();
  // The server's pipeline: page-reading threads (kept warm: a running server has pdf.js loaded after its
  // first document, ~1 s here) and passages indexed while later pages are read.
  const textPool = createPdfTextPool();
  await extractPdf(new Uint8Array(pdf), { textPool });
  const times: number[] = [];
  let pageCount = 0;
  for (let run = 0; run < RUNS; run++) {
    // Each run indexes a new document, as an upload does (no passages to replace).
    const [source] = await database.db
      .insert(sources)
      .values({ userId: user?.id ?? '', type: 'document', name: `bench-${run}.pdf` })
      .returning();
    if (!source) throw new Error('no source row');
    const started = performance.now();
    const indexer = await createPassageIndexer(database.db, source);
    const extracted = await extractPdf(new Uint8Array(pdf), { textPool, onPage: indexer.page });
    await indexer.finish();
    times.push((performance.now() - started) / 1000);
    pageCount = extracted.pageCount;
  }
  const pipelineSeconds = percentile(times, 0.5);
  await textPool.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const figures: Figure[] = [
    { name: 'ingest: pages', value: pageCount, unit: 'pages' },
    { name: 'ingest: pipeline time (median of 3)', value: round(pipelineSeconds * 1000), unit: 'ms' },
    { name: 'ingest: pipeline speed', value: round(pageCount / pipelineSeconds), unit: 'pages/s' },
  ];
  const baseline = pdftotextSeconds(pdf);
  if (baseline === null) {
    figures.push({ name: 'ingest: pdftotext (apt-get install poppler-utils)', value: 0, unit: 'not installed' });
  } else {
    const ratio = pipelineSeconds / baseline;
    figures.push(
      { name: 'ingest: pdftotext time (median of 3)', value: round(baseline * 1000), unit: 'ms' },
      { name: 'ingest: pipeline ÷ pdftotext', value: round(ratio), unit: '×', goal: { limit: 3, met: ratio <= 3 } },
    );
  }
  return figures;
}

/** Question latency over a library of 1,000 indexed documents (one source per question, as in source chat). */
export async function retrievalLatency(): Promise<Figure[]> {
  const database = await openDatabase({ engine: 'pglite', dataDir: null });
  await database.migrate();
  const [user] = await database.db.insert(users).values({ email: 'library@example.org', name: 'Library' }).returning();
  const ids: string[] = [];
  for (let document = 0; document < LIBRARY_DOCUMENTS; document++) {
    const [source] = await database.db
      .insert(sources)
      .values({ userId: user?.id ?? '', type: 'document', name: `doc-${document}.pdf` })
      .returning();
    if (!source) throw new Error('no source row');
    const pages = Array.from({ length: PASSAGES_PER_DOCUMENT / 2 }, (_, index) =>
      page(document * 31 + index).join(' '),
    );
    await storePassages(database.db, source, chunkPages(pages), 'english', {});
    ids.push(source.id);
  }
  const timings: number[] = [];
  for (let question = 0; question < QUESTIONS; question++) {
    const sourceId = ids[(question * 37) % ids.length] ?? '';
    const started = performance.now();
    await retrievePassages(database.db, {
      sourceId,
      question: `How does ${WORDS[question % WORDS.length]} affect ${WORDS[(question * 3) % WORDS.length]} in the basin?`,
    });
    timings.push(performance.now() - started);
  }
  await database.close();
  const p95 = percentile(timings, 0.95);
  return [
    { name: 'retrieval: library', value: LIBRARY_DOCUMENTS, unit: 'documents' },
    { name: 'retrieval: latency p50', value: round(percentile(timings, 0.5)), unit: 'ms' },
    { name: 'retrieval: latency p95', value: round(p95), unit: 'ms', goal: { limit: 50, met: p95 <= 50 } },
  ];
}

function pdftotextSeconds(pdf: Buffer): number | null {
  const folder = mkdtempSync(join(tmpdir(), 'quire-bench-pdf-'));
  try {
    const file = join(folder, 'bench.pdf');
    writeFileSync(file, pdf);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      execFileSync('pdftotext', [file, join(folder, 'bench.txt')]);
      times.push((performance.now() - started) / 1000);
    }
    return percentile(times, 0.5);
  } catch {
    return null;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
