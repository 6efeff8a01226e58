import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UPLOAD_MAX_BYTES } from '@quire/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, sourceChunks, sources } from '../../db/schema';
import { claimJob } from '../../jobs/queue';
import { uploadDocument } from '../../test/document-upload';
import { bearer } from '../../test/fixtures';
import { paperPdf } from '../../test/generated-pdf';
import { makePdf } from '../../test/make-pdf';
import { OidcBrowser } from '../../test/oidc-browser';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf, SPANISH_PAPER } from '../../test/test-papers';

let test: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  test = await startTestApp();
  token = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Reader', email: 'reader@example.org', password: 'reads-a-lot' })
  ).access_token;
  otherToken = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Other', email: 'other@example.org', password: 'reads-other' })
  ).access_token;
});
afterAll(() => test.close());

function upload(bytes: Buffer, filename = 'paper.pdf', as = token, locale = 'en') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  return test.request('/doc/upload/document', {
    method: 'POST',
    body: form,
    headers: { ...bearer(as), 'accept-language': locale },
  });
}

const uploadAndProcess = (bytes: Buffer, filename?: string) => uploadDocument(test, token, bytes, filename);

const blobFiles = () => {
  try {
    return readdirSync(join(test.config.dataDir, 'blobs'), { recursive: true }).filter((name) =>
      String(name).endsWith('.pdf'),
    );
  } catch {
    return [];
  }
};

describe('uploading a PDF', () => {
  it('stores it, answers at once with a processing source, then extracts, chunks and indexes it', async () => {
    const { created, row } = await uploadAndProcess(await mapReducePaperPdf(), 'map-reduce.pdf');
    expect(created).toMatchObject({ name: 'map-reduce.pdf', type: 'document', state: 'processing', progress: 0 });
    expect(created.pdf_url).toMatch(/^\/doc\/documents\/[0-9a-f-]{36}\/file\?expires=\d+&signature=/);

    expect(row).toMatchObject({ state: 'usable', progress: 100, language: 'en', errorCode: null });
    expect(row?.pageCount).toBeGreaterThan(5);
    const chunks = await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, created.id));
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.every((chunk) => chunk.searchConfig === 'english' && chunk.pageStart <= chunk.pageEnd)).toBe(true);
    expect(chunks.at(-1)?.pageEnd).toBe(row?.pageCount);

    const hits = await test.database.db
      .select({ page: sourceChunks.pageStart })
      .from(sourceChunks)
      .where(
        sql`${sourceChunks.sourceId} = ${created.id} and ${sourceChunks.searchVector} @@ websearch_to_tsquery('english', 'reduce function intermediate key')`,
      );
    expect(hits.length).toBeGreaterThan(0);

    const list = await readBody(await test.request('/doc/documents', { headers: bearer(token) }));
    expect(list.data.find((source: { id: string }) => source.id === created.id)).toMatchObject({
      state: 'usable',
      progress: 100,
      pages: `1–${row?.pageCount}`,
    });
  });

  it('detects the language of a Spanish paper and indexes it with the Spanish configuration', async () => {
    const { row } = await uploadAndProcess(await paperPdf(SPANISH_PAPER));
    expect(row).toMatchObject({ language: 'es', title: SPANISH_PAPER.title, authors: SPANISH_PAPER.authors });
    const chunks = await test.database.db
      .select()
      .from(sourceChunks)
      .where(eq(sourceChunks.sourceId, row?.id ?? ''));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => chunk.searchConfig === 'spanish')).toBe(true);
    const hits = await test.database.db
      .select({ id: sourceChunks.id })
      .from(sourceChunks)
      .where(
        sql`${sourceChunks.sourceId} = ${row?.id} and ${sourceChunks.searchVector} @@ to_tsquery('spanish', 'ayuntamientos')`,
      );
    expect(hits.length).toBeGreaterThan(0);
  });

  it('reads title, authors and year from a generated German PDF', async () => {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `Die Bodenerosion nimmt in Region ${i} deutlich zu, wie die Messungen zeigen.`,
    );
    const { row } = await uploadAndProcess(
      makePdf([lines, lines], { title: 'Bodenerosion in Mitteleuropa', author: 'Anna Schmidt; Jonas Weber' }),
    );
    expect(row).toMatchObject({
      state: 'usable',
      language: 'de',
      title: 'Bodenerosion in Mitteleuropa',
      authors: ['Anna Schmidt', 'Jonas Weber'],
      year: 2024,
      pageCount: 2,
    });
  });

  it('processes a 300-page PDF, page by page, with passages up to its last page', async () => {
    const pages = Array.from({ length: 300 }, (_, index) => [
      `Page ${index + 1} reports measurement series ${index} of the long-term sediment study.`,
      'Runoff, rainfall and slope were recorded at every field station of the river basin.',
    ]);
    const { row } = await uploadAndProcess(makePdf(pages));
    expect(row).toMatchObject({ state: 'usable', pageCount: 300, progress: 100 });
    const chunks = await test.database.db
      .select()
      .from(sourceChunks)
      .where(eq(sourceChunks.sourceId, row?.id ?? ''));
    expect(Math.max(...chunks.map((chunk) => chunk.pageEnd))).toBe(300);
    const last = chunks.find((chunk) => chunk.text.includes('Page 300 reports measurement series 299'));
    expect(last?.pageEnd).toBe(300);
  });

  it('fails a PDF without text as having no usable content', async () => {
    const { row } = await uploadAndProcess(makePdf([[], []]));
    expect(row).toMatchObject({ state: 'failed', errorCode: 'upload_error_high_no_content', pageCount: 2 });
  });

  it('refuses a file that is only named .pdf, in the user language, and keeps nothing', async () => {
    const before = blobFiles().length;
    const response = await upload(Buffer.from('Just some notes, not a PDF at all.'), 'notes.pdf', token, 'de');
    expect(response.status).toBe(415);
    expect((await readBody(response)).error).toEqual({
      code: 'upload_not_pdf',
      message: 'Diese Datei ist kein PDF. Lade ein PDF hoch oder füge den Link einer Webseite ein.',
    });
    expect(blobFiles().length).toBe(before);
  });

  it('refuses a file over 50 MB as soon as the limit is crossed, and keeps nothing', async () => {
    const before = blobFiles().length;
    const announced = await test
      .request('/doc/upload/document', {
        method: 'POST',
        headers: {
          ...bearer(token),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(UPLOAD_MAX_BYTES * 2),
        },
        body: 'x',
      })
      .catch((error: unknown) => error);
    if (announced instanceof Response) {
      expect(announced.status).toBe(413);
      expect((await readBody(announced)).error.message).toBe('File too large (max. 50 MB), try splitting it');
    }

    const huge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 0x20)]);
    const streamed = await upload(huge, 'huge.pdf');
    expect(streamed.status).toBe(413);
    expect((await readBody(streamed)).error.code).toBe('upload_too_large');
    expect(blobFiles().length).toBe(before);
  });

  it('refuses a multipart body without a boundary or that ends inside the file with 400, and keeps nothing (found by the route fuzz)', async () => {
    const before = blobFiles().length;
    const head =
      '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n';
    const response = await test.app.inject({
      method: 'POST',
      url: '/doc/upload/document',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=cut' },
      payload: `${head}%PDF-1.4\n%%EOF`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
    const unbounded = await test.app.inject({
      method: 'POST',
      url: '/doc/upload/document',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data' },
      payload: `${head}%PDF-1.4\n%%EOF`,
    });
    expect(unbounded.statusCode).toBe(400);
    expect(blobFiles().length).toBe(before);
  });

  it('asks for the file when there is none, and for a login without a token', async () => {
    const empty = await test.request('/doc/upload/document', {
      method: 'POST',
      body: new FormData(),
      headers: bearer(token),
    });
    expect(empty.status).toBe(400);
    expect((await readBody(empty)).error.message).toBe('File is required');
    expect((await test.request('/doc/documents')).status).toBe(401);
  });
});

describe('a source afterwards', () => {
  it('is reachable through its signed link only while the signature holds', async () => {
    const bytes = await mapReducePaperPdf();
    const { created } = await uploadAndProcess(bytes);
    const file = await test.request(created.pdf_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await test.request(created.pdf_url.replace(/signature=./, 'signature=A'))).status).toBe(404);
    expect((await test.request(created.pdf_url.replace(/expires=\d+/, 'expires=1000'))).status).toBe(404);
  });

  it('is deleted with its passages and file by its owner, and is invisible to anyone else', async () => {
    const { created } = await uploadAndProcess(await mapReducePaperPdf());
    const path = `/doc/delete/document/${created.id}`;

    const foreign = await test.request(path, { method: 'DELETE', headers: bearer(otherToken) });
    expect(foreign.status).toBe(404);
    expect((await readBody(await test.request('/doc/documents', { headers: bearer(otherToken) }))).data).toEqual([]);

    const before = blobFiles().length;
    const deleted = await test.request(path, { method: 'DELETE', headers: bearer(token) });
    expect(deleted.status).toBe(200);
    expect(blobFiles().length).toBe(before - 1);
    expect(await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, created.id))).toEqual([]);
    expect((await test.request(path, { method: 'DELETE', headers: bearer(token) })).status).toBe(404);
    expect((await test.request(created.pdf_url)).status).toBe(404);
  });
});

describe('deleting a document', () => {
  /** Reads the source until `done` holds for it: waiting for the job's write, not for a clock. */
  async function sourceWhen(id: string, done: (row: typeof sources.$inferSelect) => boolean) {
    for (;;) {
      const [row] = await test.database.db.select().from(sources).where(eq(sources.id, id));
      if (row && done(row)) return row;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const jobsOf = (id: string) => test.database.db.select().from(jobs).where(sql`${jobs.payload}->>'sourceId' = ${id}`);

  it('stops its job within a second while its pages are read, and nothing of it is left', async () => {
    const book = makePdf(
      Array.from({ length: 1_500 }, (_, index) => [
        `Page ${index + 1} of a long book on rivers and the sediment they carry to the sea.`,
      ]),
    );
    const { data } = await readBody(await upload(book, 'book.pdf'));
    const draining = test.app.jobs.drain();
    await sourceWhen(data.id, (row) => row.progress > 5);

    const deletedAt = performance.now();
    const deleted = await test.request(`/doc/delete/document/${data.id}`, { method: 'DELETE', headers: bearer(token) });
    expect(deleted.status).toBe(200);
    await draining;
    expect(performance.now() - deletedAt).toBeLessThan(1_000);
    expect(await jobsOf(data.id)).toEqual([]);
    expect(await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, data.id))).toEqual([]);
  });

  it('never starts the job of a document deleted while it waited', async () => {
    const { data } = await readBody(await upload(await mapReducePaperPdf()));
    expect(await jobsOf(data.id)).toHaveLength(1);
    await test.request(`/doc/delete/document/${data.id}`, { method: 'DELETE', headers: bearer(token) });
    expect(await test.app.jobs.drain()).toBe(0);
    expect(await jobsOf(data.id)).toEqual([]);
  });
});

describe('the processing job', () => {
  it('is picked up again after its worker died mid-job, and finishes', async () => {
    const response = await upload(await mapReducePaperPdf());
    const { data } = await readBody(response);
    // A worker claims the job and dies: its lease runs out with the job still "running".
    const claimed = await claimJob(test.database.db, ['process-source']);
    expect(claimed?.payload).toEqual({ sourceId: data.id });
    await test.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, claimed?.id ?? ''));

    await test.app.jobs.drain();
    const [row] = await test.database.db.select().from(sources).where(eq(sources.id, data.id));
    expect(row?.state).toBe('usable');
    const [job] = await test.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, claimed?.id ?? ''));
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('marks a PDF that cannot be parsed as failed after its last attempt', async () => {
    const response = await upload(Buffer.from('%PDF-1.7\nthis is not really a PDF'));
    const { data } = await readBody(response);
    for (let attempt = 0; attempt < 3; attempt++) {
      await test.database.db
        .update(jobs)
        .set({ runAfter: sql`now()` })
        .where(sql`${jobs.payload}->>'sourceId' = ${data.id}`);
      await test.app.jobs.drain();
    }
    const [row] = await test.database.db.select().from(sources).where(eq(sources.id, data.id));
    expect(row).toMatchObject({ state: 'failed', errorCode: 'upload_error_generic' });
  });
});
