import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceChunks, sources } from '../../db/schema';
import { bearer } from '../../test/fixtures';
import { makePdf } from '../../test/make-pdf';
import { OidcBrowser } from '../../test/oidc-browser';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { chunkPages } from '../../text/chunking';

let test: TestApp;
let token: string;
beforeAll(async () => {
  test = await startTestApp();
  token = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Reader', email: 'long@example.org', password: 'reads-a-lot' })
  ).access_token;
});
afterAll(() => test.close());

/** Page n talks about its own subject, so a passage shows which page it came from. */
const page = (n: number) =>
  Array.from(
    { length: 13 },
    (_, line) =>
      `Chapter ${n} line ${line}: the students described how the sample from the river was dried and then weighed.`,
  );

describe('a 500-page PDF', () => {
  it('is read by the page-reading threads and indexed while it is read, with every page in place', async () => {
    const pages = Array.from({ length: 500 }, (_, index) => page(index + 1));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePdf(pages))], { type: 'application/pdf' }), 'long.pdf');
    const response = await test.request('/doc/upload/document', { method: 'POST', body: form, headers: bearer(token) });
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    await test.app.jobs.drain();

    const [row] = await test.database.db.select().from(sources).where(eq(sources.id, data.id));
    expect(row).toMatchObject({ state: 'usable', pageCount: 500, language: 'en', progress: 100 });
    const passages = await test.database.db
      .select()
      .from(sourceChunks)
      .where(eq(sourceChunks.sourceId, data.id))
      .orderBy(asc(sourceChunks.ordinal));
    // Exactly what chunking the whole text at once gives: same passages, same pages, same order.
    const expected = chunkPages(pages.map((lines) => lines.join('\n')));
    const pagesOf = ({ ordinal, pageStart, pageEnd, pageBreaks }: (typeof expected)[number]) => ({
      ordinal,
      pageStart,
      pageEnd,
      pageBreaks,
    });
    expect(passages.map(pagesOf)).toEqual(expected.map(pagesOf));
    expect(passages.some((passage) => passage.pageBreaks.length > 0)).toBe(true);
    expect(passages.at(-1)?.text).toContain('Chapter 500 line 11');
    expect(passages.every((passage) => passage.searchConfig === 'english')).toBe(true);
  }, 120_000);
});
