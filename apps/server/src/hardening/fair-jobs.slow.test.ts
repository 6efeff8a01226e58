import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, sourceChunks, sources } from '../db/schema';
import { signUpWriter, type Writer } from '../modules/generation/generation.test-kit';
import { type LocalServer, startLocalServer } from '../modules/sources/website/test-server';
import { paperPdf } from '../test/generated-pdf';
import { recordLogs } from '../test/log-recorder';
import { startTestApp, type TestApp } from '../test/test-app';
import { MAP_REDUCE_PAPER } from '../test/test-papers';

/**
 * Issue 27, hostile PDFs never hold anyone up: while one user's 1,500-page book is read, another user's
 * 13-page paper is processed in about the time it takes alone; a job past its time or memory bound fails its
 * document with a translated code and leaves the server working; deleting a document stops its job at once.
 * Runs on PostgreSQL with `npm run test:db`, on PGlite without TEST_DATABASE_URL.
 */

const ARTICLE = `<!doctype html><html lang="en"><head><title>Rivers and sediment</title></head><body><article>
<h1>Rivers and sediment</h1>${Array.from(
  { length: 8 },
  (_, index) =>
    `<p>Rivers carry sand, silt and clay from the hills to the sea, and floods move most of it in a few days of the year. Part ${index + 1}.</p>`,
).join('')}</article></body></html>`;
type SourceRow = typeof sources.$inferSelect;

/** A 13-page paper: the map-reduce paper's sections, then again as a second part, one section a page. */
function thirteenPagePaper(): Promise<Buffer> {
  const again = MAP_REDUCE_PAPER.sections.map((section) => ({ ...section, heading: `${section.heading} revisited` }));
  return paperPdf({
    ...MAP_REDUCE_PAPER,
    sections: [...MAP_REDUCE_PAPER.sections, ...again].slice(0, 13),
    sectionPerPage: true,
  });
}

/**
 * A book of 1,500 full pages of prose (about 450 words each, one numbered chapter a page), so that reading,
 * structuring and indexing it takes several seconds even with MuPDF; built once.
 */
let book: Promise<Buffer> | undefined;
function bookPdf(): Promise<Buffer> {
  book ??= longBookPdf(1_500);
  return book;
}

function longBookPdf(pages: number): Promise<Buffer> {
  const sections = MAP_REDUCE_PAPER.sections;
  return paperPdf({
    title: 'A Very Long Book on Distributed Computing',
    authors: ['Ada Writer'],
    year: 2024,
    sectionPerPage: true,
    sections: Array.from({ length: pages }, (_, index) => {
      const section = sections[index % sections.length] as (typeof sections)[number];
      const paragraphs = [...section.paragraphs, ...section.paragraphs, ...section.paragraphs];
      return { heading: `Chapter ${index + 1}: ${section.heading}`, paragraphs };
    }),
  });
}

function appFor(test: TestApp) {
  const upload = async (writer: Writer, pdf: Buffer, name: string): Promise<string> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
    const response = await test.request('/doc/upload/document', { method: 'POST', body: form, headers: writer.auth });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };
  const source = async (id: string) =>
    (await test.database.db.select().from(sources).where(eq(sources.id, id)))[0] as SourceRow;
  /** Reads the source until `done` holds: waiting for the job's write, not for a clock. */
  const sourceWhen = async (id: string, done: (row: SourceRow) => boolean) => {
    for (;;) {
      const row = await source(id);
      if (row && done(row)) return row;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const jobOf = async (id: string) =>
    (await test.database.db.select().from(jobs).where(sql`${jobs.payload}->>'sourceId' = ${id}`))[0];
  /** Uploads a PDF and waits until its processing ends; how long that took, from the upload on. */
  const timeToEnd = async (writer: Writer, pdf: Buffer, name: string) => {
    const startedAt = performance.now();
    const id = await upload(writer, pdf, name);
    const row = await sourceWhen(id, (current) => current.state !== 'processing');
    return { row, ms: performance.now() - startedAt };
  };
  return { upload, source, sourceWhen, jobOf, timeToEnd };
}

describe("one user's 1,500-page book", () => {
  const logs = recordLogs();
  let test: TestApp;
  let ada: Writer;
  let bob: Writer;
  beforeAll(async () => {
    // Jobs are claimed as in production: the worker polls and runs them side by side.
    test = await startTestApp({ startWorkers: true, logs });
    ada = await signUpWriter(test, 'ada@example.org');
    bob = await signUpWriter(test, 'bob@example.org');
  });
  afterAll(() => test?.close());

  it("does not hold up another user's 13-page paper, and stops at once when deleted", async () => {
    const { upload, source, sourceWhen, jobOf, timeToEnd } = appFor(test);
    const [paper, book] = await Promise.all([thirteenPagePaper(), bookPdf()]);

    // The paper alone, once to start the reading threads and once timed: its usual time.
    await timeToEnd(bob, paper, 'warm-up.pdf');
    const alone = await timeToEnd(bob, paper, 'alone.pdf');
    expect(alone.row).toMatchObject({ state: 'usable', pageCount: 13 });

    const reading = await upload(ada, book, 'book.pdf');
    const waiting = await upload(ada, book, 'book-2.pdf');
    await sourceWhen(reading, (row) => row.progress > 5);
    const beside = await timeToEnd(bob, paper, 'beside.pdf');
    expect(beside.row).toMatchObject({ state: 'usable', pageCount: 13 });
    // The book was being read (or, past 90 %, structured and indexed) all along; Ada's second book waits for her first.
    const book1 = await source(reading);
    expect(book1.state).toBe('processing');
    expect(book1.progress).toBeLessThan(100);
    expect(await jobOf(waiting)).toMatchObject({ state: 'queued', attempts: 0 });
    // biome-ignore lint/suspicious/noConsole: the figures this evaluation reports
    console.info(
      `13-page paper alone ${Math.round(alone.ms)} ms, beside a 1,500-page book ${Math.round(beside.ms)} ms (book at ${book1.progress} %)`,
    );
    expect(beside.ms).toBeLessThan(Math.max(2 * alone.ms, alone.ms + 3_000));

    // Deleted, the waiting book never starts and the book being read stops within a second.
    await test.request(`/doc/delete/document/${waiting}`, { method: 'DELETE', headers: ada.auth });
    const readingJob = await jobOf(reading);
    const deletedAt = performance.now();
    expect(
      (await test.request(`/doc/delete/document/${reading}`, { method: 'DELETE', headers: ada.auth })).status,
    ).toBe(200);
    const stopped = await logs.line('job cancelled: its row was deleted or taken over');
    expect(stopped.jobId).toBe(readingJob?.id);
    expect(performance.now() - deletedAt).toBeLessThan(1_000);
    expect(await test.app.jobs.drain()).toBe(0);
    expect(logs.lines.filter((line) => line.msg === 'job done' && line.kind === 'process-source')).toHaveLength(3);
  }, 300_000);
});

describe('a job past its bounds', () => {
  const logs = recordLogs();
  let site: LocalServer;
  beforeAll(async () => {
    site = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    });
  });
  afterAll(() => site?.close());

  /** An app with these bounds and a user of it; web pages on this machine may be added (the health check). */
  const startBounded = async (env: Record<string, string>) => {
    const test = await startTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ...env }, logs });
    return { test, bob: await signUpWriter(test, 'bounded@example.org') };
  };

  /** The server still serves, and its worker still takes and finishes jobs: a web page becomes usable. */
  async function expectHealthy(test: TestApp, bob: Writer) {
    expect((await test.request('/readyz')).status).toBe(200);
    const added = await test.request('/doc/upload/website', {
      method: 'POST',
      headers: { ...bob.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ link: `${site.origin}/article` }),
    });
    expect(added.status).toBe(201);
    const { id } = ((await added.json()) as { data: { id: string } }).data;
    await test.app.jobs.drain();
    expect(await appFor(test).source(id)).toMatchObject({ state: 'usable' });
  }

  it('fails its document with upload_error_time_limit when its time is up, keeping nothing of it', async () => {
    const { test, bob } = await startBounded({ JOB_TIME_LIMIT_SECONDS: '2' });
    try {
      const { upload, source, jobOf } = appFor(test);
      const id = await upload(bob, await bookPdf(), 'book.pdf');
      const startedAt = performance.now();
      await test.app.jobs.drain();
      const seconds = (performance.now() - startedAt) / 1000;
      expect(await source(id)).toMatchObject({ state: 'failed', errorCode: 'upload_error_time_limit' });
      expect(await jobOf(id)).toMatchObject({
        state: 'failed',
        attempts: 1,
        lastError: expect.stringMatching(/time limit/),
      });
      expect(await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, id))).toEqual([]);
      // Stopped when its time was up, not when its pages were read.
      expect(seconds).toBeLessThan(2 + 2);
      const listed = await test.request('/doc/documents', { headers: bob.auth });
      const documents = ((await listed.json()) as { data: { id: string; error_code: string | null }[] }).data;
      expect(documents.find((document) => document.id === id)?.error_code).toBe('upload_error_time_limit');
      await expectHealthy(test, bob);
    } finally {
      await test.close();
    }
  }, 300_000);

  it('fails its document with upload_error_memory_limit once the server grows past the bound', async () => {
    const { test, bob } = await startBounded({ JOB_MEMORY_LIMIT_MB: '64' });
    try {
      const { upload, source, jobOf } = appFor(test);
      const id = await upload(bob, await bookPdf(), 'book.pdf');
      await test.app.jobs.drain();
      expect(await source(id)).toMatchObject({ state: 'failed', errorCode: 'upload_error_memory_limit' });
      const job = await jobOf(id);
      expect(job).toMatchObject({ state: 'failed', attempts: 1, lastError: expect.stringMatching(/memory limit/) });
      const stopped = logs.lines.find((line) => line.msg === 'job failed' && line.jobId === job?.id);
      expect(stopped?.memoryGrowthMb).toBeGreaterThan(64);
      await expectHealthy(test, bob);
    } finally {
      await test.close();
    }
  }, 300_000);
});
