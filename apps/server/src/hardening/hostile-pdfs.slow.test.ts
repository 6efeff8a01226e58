import http from 'node:http';
import { UPLOAD_MAX_BYTES } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sources } from '../db/schema';
import { signUpSubscriber, type Writer } from '../modules/generation/generation.test-kit';
import { startTestApp, type TestApp } from '../test/test-app';
import { emptyPagesPdf, encryptedPdf, flateBombPdf, paddedPdf, recursivePdf, truncatedPdf } from './hostile-pdfs';

/**
 * Issue 11, hostile PDFs: each file goes through the real upload route and the real processing job and
 * must end in a clean state — usable, or failed with a code the user is shown — never a hung job, a
 * crashed worker or a blown heap. Upload limits and unreadable files are also covered, one by one, in
 * modules/sources/sources.test.ts and long-pdf.slow.test.ts.
 */

const CLEAN_FAILURES = ['upload_error_generic', 'upload_error_high_no_content'];
const MB = 1024 * 1024;

let test: TestApp;
let writer: Writer;
beforeAll(async () => {
  test = await startTestApp();
  writer = await signUpSubscriber(test, 'pdfs@example.org');
});
afterAll(() => test?.close());

function multipart(pdf: Buffer, name = 'hostile.pdf') {
  const boundary = 'hostilepdfboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** Uploads and processes the file, sampling the heap meanwhile; answers the source's end state and the peak. */
async function uploadAndProcess(pdf: Buffer) {
  const { contentType, body } = multipart(pdf);
  const response = await test.app.inject({
    method: 'POST',
    url: '/doc/upload/document',
    headers: { ...writer.auth, 'content-type': contentType },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as string;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = Date.now();
  try {
    await test.app.jobs.drain();
  } finally {
    clearInterval(sampler);
  }
  const [row] = await test.database.db.select().from(sources).where(eq(sources.id, id));
  return { row, growth: peak - before, seconds: (Date.now() - started) / 1000 };
}

function expectCleanEnd(row: { state: string; errorCode: string | null } | undefined) {
  expect(row?.state === 'usable' || (row?.state === 'failed' && CLEAN_FAILURES.includes(row.errorCode ?? ''))).toBe(
    true,
  );
}

describe('malformed and malicious PDFs', () => {
  it('fails a paper cut in half cleanly', async () => {
    const { row } = await uploadAndProcess(await truncatedPdf());
    expectCleanEnd(row);
  });

  it('fails an encrypted PDF with an unknown password cleanly', async () => {
    const { row } = await uploadAndProcess(encryptedPdf());
    expect(row).toMatchObject({ state: 'failed' });
    expectCleanEnd(row);
  });

  // MuPDF reads page content as a stream, but holds fonts and images decoded whole; the stream guard
  // (modules/sources/pdf-stream-guard.ts) refuses any stream that inflates past its cap before MuPDF opens the file.
  it('refuses a FlateDecode bomb (a few hundred KB inflating to 400 MB) without inflating it into memory', async () => {
    const { pdf, storedBytes } = flateBombPdf(400);
    expect(storedBytes).toBeLessThan(MB);
    const { row, seconds, growth } = await uploadAndProcess(pdf);
    expect(row).toMatchObject({ state: 'failed', errorCode: 'upload_error_generic' });
    expect(growth).toBeLessThan(150 * MB);
    expect(seconds).toBeLessThan(60);
  }, 120_000);

  it('processes 1,500 empty pages as a document without content, in bounded time', async () => {
    const { row, seconds } = await uploadAndProcess(emptyPagesPdf(1_500));
    expect(row).toMatchObject({ state: 'failed', errorCode: 'upload_error_high_no_content' });
    expect(seconds).toBeLessThan(60);
  }, 120_000);

  it('refuses 100,000 empty pages (past MAX_PDF_PAGES) from the page tree, at once', async () => {
    const { row, seconds } = await uploadAndProcess(emptyPagesPdf(100_000));
    expect(row).toMatchObject({ state: 'failed', errorCode: 'upload_error_too_many_pages' });
    expect(seconds).toBeLessThan(10);
  }, 120_000);

  it('survives a page tree that contains itself and one nested 5,000 levels deep', async () => {
    for (const pdf of [recursivePdf(3), recursivePdf(5_000)]) {
      const { row } = await uploadAndProcess(pdf);
      expectCleanEnd(row);
    }
  }, 120_000);
});

describe('the 50 MB upload limit', () => {
  it('accepts and processes a valid file just under the limit (49.9 MB)', async () => {
    const pdf = paddedPdf(Math.floor(49.9 * MB));
    expect(pdf.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const { row } = await uploadAndProcess(pdf);
    expect(row).toMatchObject({ state: 'usable' });
  }, 120_000);

  it('refuses 50.1 MB with upload_too_large while it streams in, without buffering it', async () => {
    const { contentType, body } = multipart(paddedPdf(Math.floor(50.1 * MB)));
    const rssBefore = process.memoryUsage().rss;
    const outcome = await streamUpload(body, contentType);
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.text).error.code).toBe('upload_too_large');
    // The server streamed to storage and stopped at the limit: it never held the file in memory.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(30 * MB);
  }, 120_000);
});

/** Sends the body over a real socket in 256 KB pieces, as a browser would, and stops sending once answered. */
function streamUpload(body: Buffer, contentType: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(`${test.baseUrl}/doc/upload/document`, {
      method: 'POST',
      headers: { ...writer.auth, 'content-type': contentType, 'transfer-encoding': 'chunked' },
    });
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < body.length) {
        const piece = body.subarray(sent, sent + 256 * 1024);
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}
