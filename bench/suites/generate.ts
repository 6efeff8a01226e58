import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  chunkPages,
  corpusMissing,
  corpusPdf,
  extractPdf,
  jsonRequest,
  MAP_REDUCE_PAPER,
  OidcBrowser,
  paperPdf,
  SPANISH_PAPER,
  sources,
  startFakeOpenAi,
  startTestApp,
  storePassages,
  TOOL_ENGINES,
  users,
} from '@quire/server/bench';
import { startServerProcess } from '@quire/server/testing';
import pg from 'pg';
import { type Figure, percentile, round } from '../figures';

/** The model's answer: 100 pieces, 20 ms apart (a 2-second answer at 50 pieces a second, as a fast hosted model). */
const PIECES = Array.from({ length: 100 }, (_, index) => `piece${index} `);
const PIECE_DELAY_MS = 20;
const ANSWER_MS = PIECES.length * PIECE_DELAY_MS;
/** Streams open at the same time, each from its own user. */
const CONCURRENT_STREAMS = 100;
/** Streams each user runs back to back; the first and the last are not measured (ramp-up and ramp-down). */
const STREAMS_PER_USER = 5;
const BURSTS = 3;
const SIGN_UPS_AT_ONCE = 4;
const CHAPTER_RUNS = 5;
const CHAPTER_SOURCES = 20;
const PAPERS = [
  { file: 'scienceparse_map-reduce.pdf', title: 'MapReduce: Simplified Data Processing on Large Clusters' },
  { file: 'grobid_MullenJSSv18i03_timp.pdf', title: 'TIMP: An R Package for Modeling Spectroscopic Measurements' },
  { file: 'paperqa_pasa_arxiv2501.10120.pdf', title: 'PaSa: An LLM Agent for Comprehensive Academic Paper Search' },
  { file: 'scielo_tinf-33-e200057_es.pdf', title: 'Compromiso de los Ayuntamientos Malagueños' },
];
/** Without the corpus, the chapter is written from the test papers kept in the repository (said in the figures). */
const TEST_PAPERS = [MAP_REDUCE_PAPER, SPANISH_PAPER];

type Timing = { firstMs: number; totalMs: number };
type Auth = Record<string, string>;

/**
 * Streams through the server (POST /gen/freestyle as SSE: sign-in check, validation, quota reservation, the
 * real engine on a model through the AI SDK, settlement and history storage) against the same fake provider
 * called directly, 100 at a time from 100 users: what the server adds before the first piece of text and in
 * all. The server is the built one in its own process, as in production, on the embedded PGlite database,
 * and also on PostgreSQL when BENCH_DATABASE_URL names a server (a database is created for the run).
 */
export async function generationOverhead(): Promise<Figure[]> {
  const fake = await startFakeOpenAi({ script: { chunks: PIECES, chunkDelayMs: PIECE_DELAY_MS } });
  try {
    const figures = await overheadOn('PGlite', fake.url, {});
    const postgresUrl = process.env.BENCH_DATABASE_URL;
    if (postgresUrl) {
      const database = await createBenchDatabase(postgresUrl);
      try {
        figures.push(...(await overheadOn('PostgreSQL', fake.url, { DATABASE_URL: database.url })));
      } finally {
        await database.drop();
      }
    }
    return figures;
  } finally {
    await fake.close();
  }
}

/** The figures on one database: a dedicated server process pointed at the fake provider. */
async function overheadOn(label: string, fakeUrl: string, env: Record<string, string>): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-generate-'));
  const server = await startServerProcess({
    build: 'dist',
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `${fakeUrl}/v1`,
      AI_MODEL: 'fake',
      // Every user starts the trial, so 100 users have words for every run of the benchmark.
      TRIAL_WORD_LIMIT: '100000000',
      ...env,
    },
    // A fresh embedded database initialises itself first, which takes a while on a busy machine.
    readyTimeoutMs: 120_000,
  });
  try {
    const auths = await signUpUsers(server.baseUrl, CONCURRENT_STREAMS);
    const direct = () => timeStream(directCall(fakeUrl), 'data: {');
    const through = (auth: Auth) => timeStream(serverCall(server.baseUrl, auth), 'event: delta');
    // Warms both paths up (connections, JIT, query plans) before measuring.
    await Promise.all(auths.map(() => direct()));
    await Promise.all(auths.map(through));
    const directOpen = await keepOpen(auths, direct);
    const cpuBefore = processCpuMs(server.child.pid);
    const serverOpen = await keepOpen(auths, through);
    // Every stream that ran counts, the unmeasured first and last of each user's too.
    const cpuPerStream = (processCpuMs(server.child.pid) - cpuBefore) / (auths.length * STREAMS_PER_USER);
    const steady = overheadFigures(`${label}, 100 open`, directOpen, serverOpen);
    const burst = overheadFigures(`${label}, 100 at once`, await bursts(auths, direct), await bursts(auths, through));
    // The goal is about streams open at the same time; 100 started in the same millisecond is shown beside it.
    return [
      ...steady,
      // What a stream costs the server in CPU time does not depend on what else runs on the machine.
      ...(Number.isNaN(cpuPerStream)
        ? []
        : [{ name: `generate (${label}): server CPU per stream`, value: round(cpuPerStream), unit: 'ms' }]),
      ...burst.map(({ goal: _goal, ...figure }: Figure) => figure),
    ];
  } catch (error) {
    // A stream that failed says why in the server's log, which the dedicated process keeps.
    throw new Error(`${String(error)}\nserver log:\n${server.output().slice(-2_000)}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * 100 streams open at all times: each user starts a stream when its last one ended, and the users start
 * spread over one answer's length, as streams of many users overlap. Only streams that ran while all
 * 100 were open are kept.
 */
async function keepOpen(auths: Auth[], stream: (auth: Auth) => Promise<Timing>): Promise<Timing[]> {
  const perUser = await Promise.all(
    auths.map(async (auth, index) => {
      await sleep((index * ANSWER_MS) / auths.length);
      const timings: Timing[] = [];
      for (let run = 0; run < STREAMS_PER_USER; run++) timings.push(await stream(auth));
      return timings.slice(1, -1);
    }),
  );
  return perUser.flat();
}

/** CPU time a process has used so far (user and system), from Linux's /proc; NaN elsewhere. */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** 100 streams started in the same instant, a few times over. */
async function bursts(auths: Auth[], stream: (auth: Auth) => Promise<Timing>): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (let round = 0; round < BURSTS; round++) timings.push(...(await Promise.all(auths.map(stream))));
  return timings;
}

function overheadFigures(label: string, direct: Timing[], server: Timing[]): Figure[] {
  const firstOverhead = p95(server, 'firstMs') - p95(direct, 'firstMs');
  const totalOverhead = p95(server, 'totalMs') - p95(direct, 'totalMs');
  const name = (what: string) => `generate (${label}): ${what}`;
  return [
    { name: name('provider first piece p95'), value: round(p95(direct, 'firstMs')), unit: 'ms' },
    { name: name('server first delta p95'), value: round(p95(server, 'firstMs')), unit: 'ms' },
    { name: name('provider whole stream p95'), value: round(p95(direct, 'totalMs')), unit: 'ms' },
    { name: name('server whole stream p95'), value: round(p95(server, 'totalMs')), unit: 'ms' },
    {
      name: name('overhead to first text p95'),
      value: round(firstOverhead),
      unit: 'ms',
      goal: { limit: 30, met: firstOverhead <= 30 },
    },
    {
      name: name('overhead whole stream p95'),
      value: round(totalOverhead),
      unit: 'ms',
      goal: { limit: 30, met: totalOverhead <= 30 },
    },
  ];
}

/** Users as they come: each signs up through the embedded provider and starts the trial. */
async function signUpUsers(baseUrl: string, count: number): Promise<Auth[]> {
  const auths: Auth[] = [];
  // A few at a time: password hashing is meant to be slow.
  for (let first = 0; first < count; first += SIGN_UPS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(SIGN_UPS_AT_ONCE, count - first) }, (_, index) => first + index);
    auths.push(
      ...(await Promise.all(batch.map((index) => signUpWithTrial(baseUrl, `bench-stream-${index}@example.org`)))),
    );
  }
  return auths;
}

/** A user who signed up through the embedded provider and started the trial, which opens every tool. */
async function signUpWithTrial(baseUrl: string, email: string): Promise<Auth> {
  const tokens = await new OidcBrowser(baseUrl).signUp({ name: 'Bench', email, password: 'benchmarks-things' });
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const trial = await fetch(`${baseUrl}/api/auth/user/trial`, { method: 'POST', headers: auth });
  if (!trial.ok) throw new Error(`the trial did not start: ${trial.status} ${await trial.text()}`);
  return auth;
}

/** A fresh database on the PostgreSQL server at `serverUrl`, dropped again after the run. */
async function createBenchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `quire_bench_${Date.now().toString(36)}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
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
    const auth = await signUpWithTrial(test.baseUrl, 'bench-chapter@example.org');
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
        name: `generate: built-in long chapter (20 sources${corpusMissing() ? ', test papers' : ''}) p50`,
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

/** Twenty usable sources: the corpus's papers (or the test papers), extracted and indexed as sources are. */
async function addPapers(test: App, userId: string): Promise<string[]> {
  const papers = corpusMissing()
    ? await Promise.all(
        TEST_PAPERS.map(async (paper) => ({
          title: paper.title,
          spanish: paper === SPANISH_PAPER,
          pdf: await paperPdf(paper),
        })),
      )
    : PAPERS.map((paper) => ({ title: paper.title, spanish: paper.file.includes('_es'), pdf: corpusPdf(paper.file) }));
  const extracted = await Promise.all(
    papers.map(async (paper) => chunkPages((await extractPdf(new Uint8Array(paper.pdf))).pages)),
  );
  const ids: string[] = [];
  for (let index = 0; index < CHAPTER_SOURCES; index++) {
    const paper = papers[index % papers.length] as (typeof papers)[number];
    const [row] = await test.database.db
      .insert(sources)
      .values({
        userId,
        type: 'document',
        name: paper.title,
        title: paper.title,
        authors: ['Bench Author'],
        year: 2020,
      })
      .returning();
    const id = row?.id ?? '';
    const config = paper.spanish ? 'spanish' : 'english';
    await storePassages(test.database.db, { id, userId }, extracted[index % papers.length] ?? [], config, {});
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

function serverCall(baseUrl: string, auth: Auth) {
  return () =>
    fetch(
      `${baseUrl}/gen/freestyle`,
      jsonRequest(
        'POST',
        { inputs: { prompt: 'Write about parallel data processing.' } },
        { ...auth, accept: 'text/event-stream' },
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function p95(timings: Timing[], field: keyof Timing): number {
  return percentile(
    timings.map((timing) => timing[field]),
    0.95,
  );
}
