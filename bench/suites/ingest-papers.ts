import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  corpusPdf,
  corpusPdfNames,
  createPdfTextPool,
  extractPdf,
  FIXTURES_DIR,
  openDatabase,
  readAndIndexPdf,
  sources,
  users,
} from '@quire/server/bench';
import { type Figure, round } from '../figures';
import { leftOutWithoutCorpus } from './corpus';
import { INGEST_GOAL } from './ingest';
import { pdftotextTimer } from './pdftotext';

/** Each paper is read this many times by each side; the ratio is the median of the runs'. */
const RUNS = 3;
const FOLDERS = ['pdfs', 'pdfs-more'];

type Paper = { folder: string; name: string; bytes: Buffer };

function papers(): Paper[] {
  return FOLDERS.flatMap((folder) =>
    corpusPdfNames(folder).map((name) => ({ folder, name, bytes: corpusPdf(name, folder) })),
  );
}

/**
 * Extract + chunk + index of every real paper of the corpus (`pdfs/`, `pdfs-more/`), one after the other as uploads
 * come, against pdftotext on the same files in the same run: paper by paper, each side in turn, so the machine's
 * drift weighs on both alike. Scanned pages are not OCRed here (pdftotext does not either).
 */
export async function ingestPapers(): Promise<Figure[]> {
  if (leftOutWithoutCorpus('ingest of the real papers')) return [];
  const corpus = papers();
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-papers-'));
  const pdftotext = pdftotextTimer(join(dataDir, 'paper.txt'));
  const database = await openDatabase({ engine: 'pglite', dataDir });
  await database.migrate();
  const [user] = await database.db.insert(users).values({ email: 'papers@example.org', name: 'Papers' }).returning();
  const textPool = createPdfTextPool();
  // Warm, as a running server is after its first document.
  await extractPdf(new Uint8Array(corpus[0]?.bytes ?? []), { textPool });
  const ratios: number[] = [];
  const totals = { pipeline: 0, baseline: 0, pages: 0 };
  let missing = false;
  try {
    for (let run = 0; run < RUNS; run++) {
      let [pipeline, baseline] = [0, 0];
      for (const paper of corpus) {
        const [source] = await database.db
          .insert(sources)
          .values({ userId: user?.id ?? '', type: 'document', name: paper.name })
          .returning();
        if (!source) throw new Error('no source row');
        const started = performance.now();
        const read = await readAndIndexPdf(database.db, source, new Uint8Array(paper.bytes), { textPool });
        pipeline += performance.now() - started;
        if (run === 0) totals.pages += read.pageCount;
        const baselineMs = await pdftotext.time(join(FIXTURES_DIR, paper.folder, paper.name));
        if (baselineMs === null) missing = true;
        baseline += baselineMs ?? 0;
      }
      ratios.push(pipeline / Math.max(1, baseline));
      totals.pipeline += pipeline / RUNS;
      totals.baseline += baseline / RUNS;
    }
  } finally {
    pdftotext.close();
    await textPool.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const figures: Figure[] = [
    { name: 'ingest papers: papers', value: corpus.length, unit: 'papers' },
    { name: 'ingest papers: pages', value: totals.pages, unit: 'pages' },
    { name: `ingest papers: pipeline time (mean of ${RUNS})`, value: round(totals.pipeline), unit: 'ms' },
  ];
  if (missing) return [...figures, { name: 'ingest papers: pdftotext', value: 0, unit: 'not installed' }];
  const ratio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? 0;
  return [
    ...figures,
    { name: `ingest papers: pdftotext time (mean of ${RUNS})`, value: round(totals.baseline), unit: 'ms' },
    {
      name: 'ingest papers: pipeline ÷ pdftotext (median of the runs)',
      value: round(ratio),
      unit: '×',
      goal: { limit: INGEST_GOAL, met: ratio <= INGEST_GOAL },
    },
  ];
}
