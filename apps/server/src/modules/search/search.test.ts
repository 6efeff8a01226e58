import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sources, users } from '../../db/schema';
import { type FakeAcademicApis, startFakeAcademicApis } from '../../test/fake-academic-apis';
import { bearer } from '../../test/fixtures';
import { OidcBrowser } from '../../test/oidc-browser';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { chunkPages } from '../../text/chunking';
import { storePassages } from '../sources/sources.service';
import { ARXIV_INTERVAL_MS } from './catalogues/arxiv';

const CHEMISTRY = 'large language models chemistry tools';

let fake: FakeAcademicApis;
let test: TestApp;
let token: string;

beforeAll(async () => {
  fake = await startFakeAcademicApis();
  test = await startTestApp({ env: { ...fake.env(), SEARCH_TIMEOUT_MS: '1000' } });
  token = (
    await new OidcBrowser(test.baseUrl).signUp({
      name: 'Searcher',
      email: 'search@example.org',
      password: 'finds-papers',
    })
  ).access_token;
});
afterAll(async () => {
  await test?.close();
  await fake?.close();
});

function search(params: Record<string, string>, locale = 'en', as = token) {
  return test.request(`/gen/papers?${new URLSearchParams(params)}`, {
    headers: { ...bearer(as), 'accept-language': locale },
  });
}

/** arXiv is asked at most once every 3 s per instance; a test that needs its answer waits for the slot. */
let lastArxivRequest = 0;
beforeEach(() => fake.reset());
afterEach(() => {
  for (const request of fake.requests.filter((request) => request.catalogue === 'arxiv'))
    lastArxivRequest = Math.max(lastArxivRequest, request.at);
});
const arxivSlot = () => sleep(Math.max(0, lastArxivRequest + ARXIV_INTERVAL_MS + 50 - Date.now()));

const statusOf = (body: { data: { catalogues: { catalogue: string; status: string }[] } }) =>
  Object.fromEntries(body.data.catalogues.map((entry) => [entry.catalogue, entry.status]));

describe('GET /gen/papers', () => {
  it('asks all four catalogues in their protocols and merges one paper found four times', async () => {
    await arxivSlot();
    const response = await search({ query: CHEMISTRY });
    expect(response.status).toBe(200);
    const body = await readBody(response);
    expect(body.data.offline).toBe(false);
    expect(body.data.cached).toBe(false);
    expect(statusOf(body as never)).toEqual({ openalex: 'ok', crossref: 'ok', arxiv: 'ok', semanticscholar: 'ok' });

    const chemistry = body.data.papers.filter((paper: { title: string }) => /chemistry tools/i.test(paper.title));
    expect(chemistry).toHaveLength(1);
    expect(chemistry[0]).toMatchObject({
      id: 'doi:10.1038/s42256-024-00832-8',
      title: 'Augmenting large language models with chemistry tools',
      doi: '10.1038/s42256-024-00832-8',
      year: 2024,
      venue: 'Nature Machine Intelligence',
      citation_count: 488,
      open_access: true,
      pdf_url: 'https://www.nature.com/articles/s42256-024-00832-8.pdf',
      pages: '525–535',
      kind: 'journal-article',
      bookmarked: false,
      relevance: { level: 'high', reason: 'Matches 5 of 5 search terms, prominently in title and abstract.' },
      quality: { level: 'high' },
      trustworthiness: { level: 'high', reason: 'Peer-reviewed publication with a DOI.' },
    });
    expect(chemistry[0].abstract).toMatch(/^Large language models \(LLMs\) have shown strong performance/);

    const byCatalogue = (name: string) => fake.requests.find((request) => request.catalogue === name)?.url;
    expect(byCatalogue('openalex')?.pathname).toBe('/openalex/works');
    expect(byCatalogue('openalex')?.searchParams.get('search')).toBe(CHEMISTRY);
    expect(byCatalogue('openalex')?.searchParams.get('api_key')).toBe('k');
    expect(byCatalogue('crossref')?.searchParams.get('query')).toBe(CHEMISTRY);
    expect(byCatalogue('crossref')?.searchParams.get('mailto')).toBe('team@quire.example');
    expect(byCatalogue('crossref')?.searchParams.get('select')).toContain('DOI');
    expect(byCatalogue('arxiv')?.searchParams.get('search_query')).toBe(
      'all:large AND all:language AND all:models AND all:chemistry AND all:tools',
    );
    expect(byCatalogue('semanticscholar')?.pathname).toBe('/s2/graph/v1/paper/search');
    expect(byCatalogue('semanticscholar')?.searchParams.get('fields')).toContain('externalIds');
  });

  it('answers the same search from the cache without asking any catalogue, in the asked language and order', async () => {
    const response = await search({ query: `  ${CHEMISTRY.toUpperCase()} `, sort: 'year' }, 'de');
    const body = await readBody(response);
    expect(response.status).toBe(200);
    expect(body.data.cached).toBe(true);
    expect(fake.requests).toHaveLength(0);
    const chemistry = body.data.papers.find((paper: { id: string }) => paper.id === 'doi:10.1038/s42256-024-00832-8');
    expect(chemistry.trustworthiness.reason).toBe('Begutachtete Veröffentlichung mit DOI.');
    const years = body.data.papers.map((paper: { year: number | null }) => paper.year ?? 0);
    expect(years).toEqual([...years].sort((a: number, b: number) => b - a));
  });

  it('filters by year, open access and minimum rating, and passes the catalogue filters on', async () => {
    const recent = await readBody(await search({ query: CHEMISTRY, year_from: '2024', year_to: '2025' }));
    expect(recent.data.papers.length).toBeGreaterThan(0);
    expect(recent.data.papers.every((paper: { year: number }) => paper.year >= 2024 && paper.year <= 2025)).toBe(true);
    const openalex = fake.requests.find((request) => request.catalogue === 'openalex')?.url;
    expect(openalex?.searchParams.get('filter')).toBe(
      'from_publication_date:2024-01-01,to_publication_date:2025-12-31',
    );
    expect(fake.requests.find((request) => request.catalogue === 'crossref')?.url.searchParams.get('filter')).toBe(
      'from-pub-date:2024,until-pub-date:2025',
    );

    const strict = await readBody(await search({ query: 'ecology communication chemistry', min_rating: 'normal' }));
    const loose = await readBody(await search({ query: 'ecology communication chemistry' }));
    expect(loose.data.cached).toBe(true);
    expect(loose.data.papers.length).toBeGreaterThan(strict.data.papers.length);
    const levels = (paper: Record<string, { level: string }>) =>
      [paper.relevance, paper.quality, paper.trustworthiness].map((rating) => rating?.level);
    expect(strict.data.papers.every((paper: never) => !levels(paper).includes('low'))).toBe(true);

    const open = await readBody(await search({ query: 'ecology communication chemistry', open_access: 'true' }));
    expect(open.data.papers.length).toBeGreaterThan(0);
    expect(open.data.papers.every((paper: { open_access: boolean }) => paper.open_access)).toBe(true);
  });

  it('keeps answering when one catalogue errs, one is rate limited and one is too slow', async () => {
    await arxivSlot();
    fake.script('crossref', { status: 500 });
    fake.script('semanticscholar', { status: 429, retryAfter: '30' });
    fake.script('openalex', { delayMs: 1_500 });
    const started = Date.now();
    const response = await search({ query: 'testing deep learning models' });
    const body = await readBody(response);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_450);
    expect(statusOf(body as never)).toEqual({
      openalex: 'timeout',
      crossref: 'failed',
      arxiv: 'ok',
      semanticscholar: 'rate_limited',
    });
    expect(body.data.papers[0]).toMatchObject({
      id: 'doi:10.1109/icstw55395.2022.00035',
      title: 'Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques',
      pdf_url: 'https://arxiv.org/pdf/2202.12139v1',
    });
  });

  it('retries a 429 once after its Retry-After when that fits the timeout', async () => {
    fake.script('semanticscholar', { status: 429, retryAfter: '0', times: 1 });
    const body = await readBody(await search({ query: 'turing universal quantum computer' }));
    expect(statusOf(body as never).semanticscholar).toBe('ok');
    expect(fake.requests.filter((request) => request.catalogue === 'semanticscholar')).toHaveLength(2);
    expect(body.data.papers.map((paper: { title: string }) => paper.title)).toContain(
      'Quantum theory, the Church–Turing principle and the universal quantum computer',
    );
  });

  it('says when too few sources were found', async () => {
    const response = await search({ query: 'qwxz zyxq' });
    expect(response.status).toBe(422);
    expect((await readBody(response)).error.code).toBe('no_snippets_found_error');
  });

  it('answers from the user’s own library when no catalogue can be reached', async () => {
    for (const catalogue of ['openalex', 'crossref', 'arxiv', 'semanticscholar'] as const) {
      fake.script(catalogue, { status: 503 });
    }
    const [user] = await test.database.db.select().from(users).where(eq(users.email, 'search@example.org'));
    const [source] = await test.database.db
      .insert(sources)
      .values({ userId: user?.id ?? '', type: 'website', name: 'example.org/erosion', title: 'Soil erosion in Europe' })
      .returning();
    await storePassages(
      test.database.db,
      source as never,
      chunkPages(['Heavy rainfall and intensive farming increase soil erosion across European river basins.']),
      'english',
      { title: 'Soil erosion in Europe' },
    );

    const response = await search({ query: 'eroded soils' });
    const body = await readBody(response);
    expect(response.status).toBe(200);
    expect(body.data.offline).toBe(true);
    expect(Object.values(statusOf(body as never)).every((status) => status !== 'ok')).toBe(true);
    expect(body.data.papers).toHaveLength(1);
    expect(body.data.papers[0]).toMatchObject({
      id: source?.id,
      title: 'Soil erosion in Europe',
      kind: 'website',
      quality: { level: 'normal', reason: 'One of your own sources.' },
    });

    const nothing = await search({ query: 'quantum chromodynamics' });
    expect(nothing.status).toBe(503);
    expect((await readBody(nothing)).error.code).toBe('search_unavailable');
  });

  it('needs a signed-in user and a valid query', async () => {
    expect((await test.request(`/gen/papers?query=${encodeURIComponent(CHEMISTRY)}`)).status).toBe(401);
    const short = await search({ query: 'a' });
    expect(short.status).toBe(400);
    expect((await readBody(short)).error.code).toBe('validation_error');
    const years = await search({ query: CHEMISTRY, year_from: '2020', year_to: '2010' });
    expect(years.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('without an OpenAlex key', () => {
  it('skips OpenAlex and searches the other catalogues', async () => {
    const keyless = await startTestApp({
      database: test.database,
      env: { ...fake.env(), OPENALEX_API_KEY: '', SEARCH_TIMEOUT_MS: '1000' },
    });
    try {
      const keylessToken = (
        await new OidcBrowser(keyless.baseUrl).signUp({
          name: 'Keyless',
          email: 'keyless@example.org',
          password: 'no-key-here',
        })
      ).access_token;
      const response = await keyless.request(`/gen/papers?query=${encodeURIComponent('communicating ecology')}`, {
        headers: bearer(keylessToken),
      });
      const body = await readBody(response);
      expect(response.status).toBe(200);
      expect(statusOf(body as never)).toMatchObject({ openalex: 'skipped', crossref: 'ok', semanticscholar: 'ok' });
      expect(fake.requests.some((request) => request.catalogue === 'openalex')).toBe(false);
      expect(body.data.papers.map((paper: { id: string }) => paper.id)).toContain('doi:10.1093/obo/9780199830060-0238');
    } finally {
      await keyless.app.close();
    }
  });
});
