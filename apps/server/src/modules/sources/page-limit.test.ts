import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPagesPdf } from '../../hardening/hostile-pdfs';
import { uploadDocument } from '../../test/document-upload';
import { bearer } from '../../test/fixtures';
import { makePdf } from '../../test/make-pdf';
import { OidcBrowser } from '../../test/oidc-browser';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { extractPdf, isTooManyPages } from './pdf-extract';
import { createPdfTextPool } from './pdf-text-pool';

const LIMIT = 20;
const pool = createPdfTextPool(2);
let test: TestApp;
let token: string;
beforeAll(async () => {
  test = await startTestApp({ env: { MAX_PDF_PAGES: String(LIMIT) } });
  token = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Pages', email: 'pages@example.org', password: 'counts-pages' })
  ).access_token;
});
afterAll(async () => {
  await pool.close();
  await test.close();
});

const pagesOf = (count: number) =>
  makePdf(Array.from({ length: count }, (_, index) => [`Page ${index + 1} of the field report on river sediment.`]));

async function uploadAndProcess(bytes: Buffer) {
  return (await uploadDocument(test, token, bytes, 'report.pdf')).row;
}

describe('the page limit (MAX_PDF_PAGES)', () => {
  it('refuses a PDF of more pages with upload_error_too_many_pages, and reads one at the limit', async () => {
    expect(await uploadAndProcess(pagesOf(LIMIT + 1))).toMatchObject({
      state: 'failed',
      errorCode: 'upload_error_too_many_pages',
    });
    expect(await uploadAndProcess(pagesOf(LIMIT))).toMatchObject({ state: 'usable', pageCount: LIMIT });
    const list = await readBody(await test.request('/doc/documents', { headers: bearer(token) }));
    const codes = list.data.map((source: { error_code: string | null }) => source.error_code);
    expect(codes).toHaveLength(2);
    expect(codes).toEqual(expect.arrayContaining(['upload_error_too_many_pages', null]));
  });

  it('refuses 100,000 pages from the page tree, before any page is read, in the threads and here', async () => {
    const huge = new Uint8Array(emptyPagesPdf(100_000));
    for (const textPool of [pool, undefined]) {
      const heard: number[] = [];
      const started = performance.now();
      const failure = await extractPdf(huge, {
        textPool,
        maxPages: 2000,
        onPage: (number) => heard.push(number),
        onProgress: async (share) => void heard.push(share),
      }).catch((error: unknown) => error);
      expect(isTooManyPages(failure)).toBe(true);
      expect(heard).toEqual([]);
      // Reading 100,000 pages would take minutes; the page tree is read in well under this.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });
});
