import { performance } from 'node:perf_hooks';
import {
  chunkPages,
  extractPdf,
  fixturePdf,
  jsonRequest,
  OidcBrowser,
  sources,
  startFakeOpenAi,
  startTestApp,
  storePassages,
  TOOL_ENGINES,
  users,
} from '@quire/server/bench';
import { type Figure, percentile, round } from '../figures';

/** The model's answer: 20 pieces, 10 ms apart, as a fast provider streams them. */
const PIECES = Array.from({ length: 20 }, (_, index) => `piece${index} `);
const PIECE_DELAY_MS = 10;
const CONCURRENT_STREAMS = 100;
const ROUNDS = 3;
const CHAPTER_RUNS = 5;
const CHAPTER_SOURCES = 20;
const PAPERS = [
  { file: 'scienceparse_map-reduce.pdf', title: 'MapReduce: Simplified Data Processing on Large Clusters' },
  { file: 'grobid_MullenJSSv18i03_timp.pdf', title: 'TIMP: An R Package for Modeling Spectroscopic Measurements' },
  { file: 'paperqa_pasa_arxiv2501.10120.pdf', title: 'PaSa: An LLM Agent for Comprehensive Academic Paper Search' },
  { file: 'scielo_tinf-33-e200057_es.pdf', title: 'Compromiso de los Ayuntamientos Malagueños' },
];

type Timing = { firstMs: number; totalMs: number };

/**
 * Streams through the server (POST /gen/freestyle as SSE, the real engine on a model) against the same fake
 * provider called directly, 100 at a time: what the server adds before the first piece of text and in all.
 */
export async function generationOverhead(): Promise<Figure[]> {
  const fake = await startFakeOpenAi({ script: { chunks: PIECES, chunkDelayMs: PIECE_DELAY_MS } });
  const test = await startTestApp({
    env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: `${fake.url}/v1`, AI_MODEL: 'fake', LOG_LEVEL: 'error' },
  });
  try {
    const auth = await signUp(test, 'bench-stream@example.org');
    await test.database.db.update(users).set({ wordsExtra: 100_000_000 });
    const direct = () => timeStream(directCall(fake.url), 'data: {');
    const server = () => timeStream(serverCall(test, auth), 'event: delta');
    // Warm both paths up (connections, JIT, prepared queries) before measuring.
    await Promise.all(Array.from({ length: 10 }, () => Promise.all([direct(), server()])));
    const directTimings: Timing[] = [];
    const serverTimings: Timing[] = [];
    for (let pass = 0; pass < ROUNDS; pass++) {
      directTimings.push(...(await Promise.all(Array.from({ length: CONCURRENT_STREAMS }, direct))));
      serverTimings.push(...(await Promise.all(Array.from({ length: CONCURRENT_STREAMS }, server))));
    }
    const firstOverhead = p95(serverTimings, 'firstMs') - p95(directTimings, 'firstMs');
    const totalOverhead = p95(serverTimings, 'totalMs') - p95(directTimings, 'totalMs');
    return [
      { name: 'generate: provider first piece p95', value: round(p95(directTimings, 'firstMs')), unit: 'ms' },
      { name: 'generate: server first delta p95', value: round(p95(serverTimings, 'firstMs')), unit: 'ms' },
      { name: 'generate: provider whole stream p95', value: round(p95(directTimings, 'totalMs')), unit: 'ms' },
      { name: 'generate: server whole stream p95', value: round(p95(serverTimings, 'totalMs')), unit: 'ms' },
      {
        name: 'generate: overhead to first text p95',
        value: round(firstOverhead),
        unit: 'ms',
        goal: { limit: 30, met: firstOverhead <= 30 },
      },
      {
        name: 'generate: overhead whole stream p95',
        value: round(totalOverhead),
        unit: 'ms',
        goal: { limit: 30, met: totalOverhead <= 30 },
      },
    ];
  } finally {
    await test.close();
    await fake.close();
  }
}

/** A long chapter from 20 real papers on the built-in engine: the engine alone and the whole call through the server. */
export async function builtinChapterLatency(): Promise<Figure[]> {
  const engineMs: number[] = [];
  const chapter = TOOL_ENGINES['write-chapter'];
  const test = await startTestApp({
    env: { LOG_LEVEL: 'error' },
    engines: {
      'write-chapter': {
        ...chapter,
        run: async (run) => {
          const started = performance.now();
          const output = await chapter.run(run);
          engineMs.push(performance.now() - started);
          return output;
        },
      },
    },
  });
  try {
    const auth = await signUp(test, 'bench-chapter@example.org');
    const [user] = await test.database.db.update(users).set({ wordsExtra: 100_000_000 }).returning();
    const sourceIds = await addPapers(test, user?.id ?? '');
    const inputs = {
      headline: 'Processing large data sets in parallel',
      topic: 'Large-scale data processing and search',
      outline: '1. Programming models\n2. Fault tolerance\n3. Search agents',
      length: 'long',
      source_type: 'quality_with_sources',
      source_ids: sourceIds,
    };
    const serverMs: number[] = [];
    for (let run = 0; run < CHAPTER_RUNS + 1; run++) {
      const started = performance.now();
      const response = await test.request('/gen/write-chapter', jsonRequest('POST', { inputs }, auth));
      if (response.status !== 201) throw new Error(`chapter failed: ${response.status} ${await response.text()}`);
      await response.json();
      serverMs.push(performance.now() - started);
    }
    // The first run warms up; the rest are measured.
    const engine = engineMs.slice(1);
    const server = serverMs.slice(1);
    const engineMedian = percentile(engine, 0.5);
    return [
      {
        name: 'generate: built-in long chapter (20 sources) p50',
        value: round(engineMedian),
        unit: 'ms',
        goal: { limit: 500, met: engineMedian <= 500 },
      },
      { name: 'generate: built-in long chapter max', value: round(Math.max(...engine)), unit: 'ms' },
      { name: 'generate: same through the server p50', value: round(percentile(server, 0.5)), unit: 'ms' },
    ];
  } finally {
    await test.close();
  }
}

type App = Awaited<ReturnType<typeof startTestApp>>;

async function signUp(test: App, email: string): Promise<Record<string, string>> {
  const tokens = await new OidcBrowser(test.baseUrl).signUp({ name: 'Bench', email, password: 'benchmarks-things' });
  return { authorization: `Bearer ${tokens.access_token}` };
}

/** Twenty usable sources: the shared fixture papers, extracted and indexed as the sources module does. */
async function addPapers(test: App, userId: string): Promise<string[]> {
  const extracted = await Promise.all(
    PAPERS.map(async (paper) => chunkPages((await extractPdf(new Uint8Array(fixturePdf(paper.file)))).pages)),
  );
  const ids: string[] = [];
  for (let index = 0; index < CHAPTER_SOURCES; index++) {
    const paper = PAPERS[index % PAPERS.length] as (typeof PAPERS)[number];
    const [row] = await test.database.db
      .insert(sources)
      .values({ userId, type: 'document', name: paper.file, title: paper.title, authors: ['Bench Author'], year: 2020 })
      .returning();
    const id = row?.id ?? '';
    const config = paper.file.includes('_es') ? 'spanish' : 'english';
    await storePassages(test.database.db, { id, userId }, extracted[index % PAPERS.length] ?? [], config, {});
    ids.push(id);
  }
  return ids;
}

function directCall(fakeUrl: string) {
  return () =>
    fetch(`${fakeUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake', stream: true, messages: [{ role: 'user', content: 'Write.' }] }),
    });
}

function serverCall(test: App, auth: Record<string, string>) {
  return () =>
    test.request(
      '/gen/freestyle',
      jsonRequest(
        'POST',
        { inputs: { prompt: 'Write about parallel data processing.' } },
        {
          ...auth,
          accept: 'text/event-stream',
        },
      ),
    );
}

/** Time until the first chunk holding `marker` (a piece of text) and until the stream ends. */
async function timeStream(call: () => Promise<Response>, marker: string): Promise<Timing> {
  const started = performance.now();
  const response = await call();
  const decoder = new TextDecoder();
  let received = '';
  let firstMs = Number.NaN;
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    received += decoder.decode(bytes, { stream: true });
    if (Number.isNaN(firstMs) && received.includes(marker)) firstMs = performance.now() - started;
  }
  if (Number.isNaN(firstMs)) throw new Error(`the stream never carried text: ${received.slice(0, 300)}`);
  return { firstMs, totalMs: performance.now() - started };
}

function p95(timings: Timing[], field: keyof Timing): number {
  return percentile(
    timings.map((timing) => timing[field]),
    0.95,
  );
}
