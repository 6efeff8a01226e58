import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceChunks, sources } from '../../db/schema';
import { type FakeAcademicApis, startFakeAcademicApis } from '../../test/fake-academic-apis';
import { bearer } from '../../test/fixtures';
import { OidcBrowser } from '../../test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf } from '../../test/test-papers';
import { parseCitations } from './citations';

const NATURE = 'doi:10.1038/s42256-024-00832-8';
const ECOLOGY = 'doi:10.1093/obo/9780199830060-0238';
const CROSSREF_BIBTEX = readFileSync(
  join(import.meta.dirname, '../../test/recorded-apis/crossref/work_bibtex_transform_paperqa.txt'),
  'utf8',
);
const ZOTERO_RIS = `TY  - JOUR
TI  - Soil erosion by water in Europe: a review of rates and drivers
AU  - Panagos, Panos
AU  - Borrelli, Pasquale
PY  - 2015
T2  - Environmental Science & Policy
SP  - 438
EP  - 447
DO  - 10.1016/j.envsci.2015.08.012
AB  - Soil erosion by water is one of the major threats to soils in the European Union, with a negative impact on ecosystem services, crop production, drinking water and carbon stocks.
ER  - 

TY  - BOOK
TI  - Soil conservation handbook
AU  - Morgan, Roy
PY  - 2005
ER  - 
`;

let fake: FakeAcademicApis;
let test: TestApp;
let token: string;
let otherToken: string;

beforeAll(async () => {
  fake = await startFakeAcademicApis();
  test = await startTestApp({ env: { ...fake.env(), SEARCH_TIMEOUT_MS: '1000', ALLOW_PRIVATE_URLS: 'true' } });
  token = (
    await new OidcBrowser(test.baseUrl).signUp({
      name: 'Collector',
      email: 'collect@example.org',
      password: 'keeps-papers',
    })
  ).access_token;
  otherToken = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Other', email: 'other@example.org', password: 'other-papers' })
  ).access_token;
  // The Nature paper's open-access PDF is served by the fake, so adding it fetches and reads a paper.
  fake.setPdfUrl('10.1038/s42256-024-00832-8', fake.serveFile('chemistry.pdf', await mapReducePaperPdf()));
  for (const query of ['large language models chemistry tools', 'communicating ecology']) {
    const response = await test.request(`/gen/papers?query=${encodeURIComponent(query)}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
  }
});
afterAll(async () => {
  await test?.close();
  await fake?.close();
});

const post = (path: string, body: unknown, as = token) => test.request(path, jsonRequest('POST', body, bearer(as)));
const toggle = (id: string, as = token) =>
  test.request(`/gen/bookmark?source_id=${encodeURIComponent(id)}`, { method: 'POST', headers: bearer(as) });
const rowOf = async (id: string) => (await test.database.db.select().from(sources).where(eq(sources.id, id)))[0];

describe('adding a search result to the library', () => {
  it('fetches an open-access PDF and processes it through the document service', async () => {
    const response = await post('/gen/papers/add', { paper_id: NATURE });
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    expect(data).toMatchObject({
      type: 'paper',
      state: 'processing',
      name: 'Augmenting large language models with chemistry tools',
      open_access: true,
    });
    await test.app.jobs.drain();
    const row = await rowOf(data.id);
    expect(row).toMatchObject({
      state: 'usable',
      paperId: NATURE,
      title: 'Augmenting large language models with chemistry tools',
      year: 2024,
    });
    expect(row?.blobKey).toBeTruthy();
    expect(row?.pageCount).toBeGreaterThan(5);
    expect(row?.authors[0]).toBe('Andres M. Bran');
    const chunks = await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, data.id));
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.some((chunk) => /MapReduce/i.test(chunk.text))).toBe(true);

    const again = await readBody(await post('/gen/papers/add', { paper_id: NATURE }));
    expect(again.data.id).toBe(data.id);
  });

  it('makes a closed paper usable at once from its metadata and abstract', async () => {
    const response = await post('/gen/papers/add', { paper_id: ECOLOGY });
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    expect(data).toMatchObject({
      type: 'paper',
      state: 'usable',
      name: 'Communicating Ecology',
      year: 2022,
      open_access: false,
    });
    const chunks = await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, data.id));
    expect(chunks.map((chunk) => chunk.text).join(' ')).toContain('Communication is perhaps the most important');
    expect(chunks[0]?.searchConfig).toBe('english');
  });

  it('answers 404 for a paper no search has returned', async () => {
    const response = await post('/gen/papers/add', { paper_id: 'doi:10.9999/unknown' });
    expect(response.status).toBe(404);
    expect((await post('/gen/papers/add', {})).status).toBe(400);
  });
});

describe('bookmarks', () => {
  it('toggles a paper, lists it and shows it bookmarked in results', async () => {
    expect((await readBody(await toggle(NATURE))).data).toEqual({ bookmarked: true });
    const listed = await readBody(await test.request('/gen/bookmarked', { headers: bearer(token) }));
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({
      id: NATURE,
      bookmarked: true,
      relevance: { level: 'high' },
      citation_count: 488,
    });

    const results = await readBody(
      await test.request(`/gen/papers?query=${encodeURIComponent('large language models chemistry tools')}`, {
        headers: bearer(token),
      }),
    );
    expect(results.data.papers.find((paper: { id: string }) => paper.id === NATURE)?.bookmarked).toBe(true);
    const others = await readBody(await test.request('/gen/bookmarked', { headers: bearer(otherToken) }));
    expect(others.data).toEqual([]);

    expect((await readBody(await toggle(NATURE))).data).toEqual({ bookmarked: false });
    expect((await readBody(await test.request('/gen/bookmarked', { headers: bearer(token) }))).data).toEqual([]);
  });

  it("toggles one of the user's library sources, and nobody else's", async () => {
    const [source] = await test.database.db
      .select()
      .from(sources)
      .where(and(eq(sources.paperId, ECOLOGY)));
    const id = source?.id ?? '';
    expect((await readBody(await toggle(id))).data).toEqual({ bookmarked: true });
    expect((await rowOf(id))?.bookmarked).toBe(true);

    const intruder = await toggle(id, otherToken);
    expect(intruder.status).toBe(404);
    expect((await readBody(intruder)).error.code).toBe('not_found');
    expect((await rowOf(id))?.bookmarked).toBe(true);
    expect((await toggle('doi:10.9999/unknown')).status).toBe(404);
    expect((await toggle('7d1d2f9e-8a0e-4a51-9d7c-2f7e4c1b9a00')).status).toBe(404);
    expect((await test.request('/gen/bookmark', { method: 'POST', headers: bearer(token) })).status).toBe(400);
    expect((await test.request(`/gen/bookmark?source_id=${id}`, { method: 'POST' })).status).toBe(401);
  });
});

describe('export', () => {
  it('writes the selected papers as BibTeX and RIS that read back', async () => {
    for (const format of ['bibtex', 'ris'] as const) {
      const response = await post('/gen/papers/export', { paper_ids: [NATURE, ECOLOGY], format });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="quire-sources\.(bib|ris)"$/);
      const file = await response.text();
      const entries = await parseCitations(file);
      expect(entries.map((entry) => entry.doi).sort()).toEqual([
        '10.1038/s42256-024-00832-8',
        '10.1093/obo/9780199830060-0238',
      ]);
      const nature = entries.find((entry) => entry.doi === '10.1038/s42256-024-00832-8');
      expect(nature).toMatchObject({ title: 'Augmenting large language models with chemistry tools', year: 2024 });
      expect(nature?.authors[0]).toBe('Andres M. Bran');
    }
  });

  it('refuses ids it does not know', async () => {
    const response = await post('/gen/papers/export', { paper_ids: [NATURE, 'doi:10.9999/unknown'], format: 'ris' });
    expect(response.status).toBe(404);
    expect((await post('/gen/papers/export', { paper_ids: [NATURE], format: 'csv' })).status).toBe(400);
  });
});

describe('import', () => {
  const upload = (text: string, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), name);
    return test.request('/gen/papers/import', { method: 'POST', body: form, headers: bearer(token) });
  };

  it('turns each BibTeX entry into a usable paper source, once', async () => {
    const response = await upload(CROSSREF_BIBTEX, 'crossref.bib');
    expect(response.status).toBe(201);
    const result = (await readBody(response)).data;
    const [row] = await test.database.db
      .select()
      .from(sources)
      .where(eq(sources.paperId, 'doi:10.1023/a:1007154515475'));
    expect(result).toEqual({
      imported: 1,
      skipped: 0,
      entries: [{ source_id: row?.id, title: row?.title, authors: row?.authors, year: 2001 }],
    });
    expect(row).toMatchObject({ type: 'paper', state: 'usable', year: 2001 });
    expect(row?.title).toMatch(/^An essential role of active site arginine residue/);
    expect(row?.authors).toEqual([
      'Subrata Adak',
      'Debashis Bandyopadhyay',
      'Uday Bandyopadhyay',
      'Ranajit K. Banerjee',
    ]);
    expect((await readBody(await upload(CROSSREF_BIBTEX, 'again.bib'))).data).toEqual({
      imported: 0,
      skipped: 1,
      entries: [],
    });
  });

  it('stores an entry with NUL characters and an impossible year instead of failing', async () => {
    const ris = 'TY  - JOUR\nTI  - Broken\u0000 export of a title\nAU  - Berg, Ana\u0000\nPY  - 99999999999\nER  - \n';
    const response = await upload(ris, 'broken.ris');
    expect(response.status).toBe(201);
    const [entry] = (await readBody(response)).data.entries;
    expect(entry.title).toBe('Broken export of a title');
    expect(entry.year === null || (entry.year >= 0 && entry.year <= 9999)).toBe(true);
  });

  it('reads a RIS file with its abstract and entries without a DOI', async () => {
    const response = await upload(ZOTERO_RIS, 'zotero.ris');
    const result = (await readBody(response)).data;
    expect(result).toMatchObject({ imported: 2, skipped: 0 });
    expect(result.entries.map((entry: { title: string }) => entry.title)).toEqual([
      'Soil erosion by water in Europe: a review of rates and drivers',
      'Soil conservation handbook',
    ]);
    const [row] = await test.database.db
      .select()
      .from(sources)
      .where(eq(sources.paperId, 'doi:10.1016/j.envsci.2015.08.012'));
    const chunks = await test.database.db
      .select()
      .from(sourceChunks)
      .where(eq(sourceChunks.sourceId, row?.id ?? ''));
    expect(chunks.map((chunk) => chunk.text).join(' ')).toContain('major threats to soils in the European Union');
    const book = await test.database.db.select().from(sources).where(eq(sources.name, 'Soil conservation handbook'));
    expect(book[0]).toMatchObject({ type: 'paper', state: 'usable', paperId: null, authors: ['Roy Morgan'] });
    expect(result.entries[1].source_id).toBe(book[0]?.id);
  });

  it('refuses a file that is neither BibTeX nor RIS, and a request without a file', async () => {
    const response = await upload('just some notes, not a bibliography', 'notes.txt');
    expect(response.status).toBe(415);
    expect((await readBody(response)).error.code).toBe('unsupported_media_type');
    expect((await test.request('/gen/papers/import', { method: 'POST', headers: bearer(token) })).status).toBe(400);
  });
});
