import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceChunks, sources } from '../../db/schema';
import { bearer } from '../../test/fixtures';
import { GERMAN_SCAN_LINES, germanScan, makePdf, shareOfWordsFound } from '../../test/make-pdf';
import { OidcBrowser } from '../../test/oidc-browser';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';

let test: TestApp;
let token: string;
beforeAll(async () => {
  test = await startTestApp();
  token = (
    await new OidcBrowser(test.baseUrl).signUp({
      name: 'Scanner',
      email: 'scanner@example.org',
      password: 'scans-a-lot',
    })
  ).access_token;
});
afterAll(() => test.close());

/** Uploads a PDF over HTTP, runs the processing job, and returns the source as listed and its passages. */
async function uploadAndProcess(bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'scan.pdf');
  const response = await test.request('/doc/upload/document', { method: 'POST', body: form, headers: bearer(token) });
  expect(response.status).toBe(201);
  const { data } = await readBody(response);
  await test.app.jobs.drain();
  const list = await readBody(await test.request('/doc/documents', { headers: bearer(token) }));
  const [row] = await test.database.db.select().from(sources).where(eq(sources.id, data.id));
  const passages = await test.database.db
    .select()
    .from(sourceChunks)
    .where(eq(sourceChunks.sourceId, data.id))
    .orderBy(asc(sourceChunks.pageStart));
  return { listed: list.data.find((source: { id: string }) => source.id === data.id), row, passages };
}

const TEXT_PAGE = Array.from(
  { length: 30 },
  (_, i) => `Abschnitt ${i + 1}: Die Bodenproben aus dem Weinberg wurden im Labor getrocknet und gewogen.`,
);

describe('a scanned PDF', () => {
  it('is read by OCR: usable, in German, with the recognised words on the scanned page', async () => {
    // An empty first page (a blank cover) puts the scan on page 2.
    const { listed, row, passages } = await uploadAndProcess(makePdf([[], { scan: germanScan() }]));

    expect(listed).toMatchObject({ state: 'usable', progress: 100, pages: '1–2' });
    expect(row).toMatchObject({ state: 'usable', language: 'de', pageCount: 2, errorCode: null });
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.every((passage) => passage.pageStart === 2 && passage.pageEnd === 2)).toBe(true);
    expect(passages.every((passage) => passage.searchConfig === 'german')).toBe(true);
    const text = passages.map((passage) => passage.text).join(' ');
    expect(shareOfWordsFound(GERMAN_SCAN_LINES, text)).toBeGreaterThan(0.85);
  }, 60_000);

  it('keeps the text of a text page and the recognised text of a scanned page, each on its page', async () => {
    const { row, passages } = await uploadAndProcess(makePdf([{ scan: germanScan() }, TEXT_PAGE]));

    expect(row).toMatchObject({ state: 'usable', language: 'de', pageCount: 2 });
    const holding = (words: string) => passages.filter((passage) => passage.text.includes(words));
    expect(holding('Die Ergebnisse der Untersuchung').map((passage) => passage.pageStart)).toEqual([1]);
    expect(holding('Abschnitt 30: Die Bodenproben').map((passage) => passage.pageEnd)).toEqual([2]);
    expect(passages.every((passage) => !passage.text.includes('Abschnitt') || passage.pageEnd === 2)).toBe(true);
    expect(shareOfWordsFound(GERMAN_SCAN_LINES, passages.map((passage) => passage.text).join(' '))).toBeGreaterThan(
      0.85,
    );
  }, 60_000);
});

describe('a PDF with broken pages', () => {
  it('keeps the pages that parse: a corrupt content stream or a missing one loses only its page', async () => {
    const { listed, row, passages } = await uploadAndProcess(
      makePdf([
        TEXT_PAGE.slice(0, 15),
        { rawContent: 'BT /F1 11 Tf 56 780 Td (Verloren) Tj ET', filter: 'FlateDecode' },
        'missing-contents',
        TEXT_PAGE.slice(15),
      ]),
    );

    expect(listed).toMatchObject({ state: 'usable', pages: '1–4' });
    expect(row).toMatchObject({ state: 'usable', language: 'de', pageCount: 4 });
    const text = passages.map((passage) => passage.text).join(' ');
    expect(text).toContain('Abschnitt 1: Die Bodenproben');
    expect(text).toContain('Abschnitt 30: Die Bodenproben');
    expect(text).not.toContain('Verloren');
    expect(passages[0]?.pageStart).toBe(1);
    expect(passages.at(-1)?.pageEnd).toBe(4);
  });

  it('fails a file that is corrupt throughout at once, as a generic upload error', async () => {
    const whole = makePdf([TEXT_PAGE]);
    // The header survives; the body, cross-reference table and trailer are overwritten.
    const scrambled = Buffer.concat([whole.subarray(0, 9), Buffer.alloc(whole.length - 9, 0x3f)]);
    const { listed, row, passages } = await uploadAndProcess(scrambled);

    expect(listed).toMatchObject({ state: 'failed' });
    expect(row).toMatchObject({ state: 'failed', errorCode: 'upload_error_generic', progress: 100 });
    expect(passages).toEqual([]);
  });
});
