import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { type FakeAcademicApis, startFakeAcademicApis } from '../../test/fake-academic-apis';
import { createTestDatabase } from '../../test/test-database';
import { lookupDoi } from './doi-lookup';

let fake: FakeAcademicApis;
let database: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeAcademicApis();
  ({ database, dispose } = await createTestDatabase());
});
afterAll(async () => {
  await fake.close();
  await dispose();
});
beforeEach(() => fake.reset());

const deps = (env: Record<string, string> = {}) => ({
  db: database.db,
  config: loadConfig({ ...fake.env(), SEARCH_TIMEOUT_MS: '2000', ...env }).search,
});

describe('lookupDoi (Crossref and OpenAlex fakes speaking their wire formats)', () => {
  it('reads volume, issue, pages and publisher from Crossref’s single-work answer', async () => {
    const record = await lookupDoi(deps(), 'https://doi.org/10.1038/S42256-024-00832-8');
    expect(record).toEqual({
      catalogue: 'crossref',
      doi: '10.1038/s42256-024-00832-8',
      title: 'Augmenting large language models with chemistry tools',
      authors: expect.arrayContaining(['Andres M. Bran', 'Sam Cox']),
      year: 2024,
      venue: 'Nature Machine Intelligence',
      volume: '6',
      issue: '5',
      pages: '525–535',
      publisher: 'Springer Science and Business Media LLC',
    });
    expect(fake.requests.map((request) => request.url.pathname)).toEqual([
      '/crossref/works/10.1038%2Fs42256-024-00832-8',
    ]);
    expect(fake.requests[0]?.url.searchParams.get('mailto')).toBe('team@quire.example');
  });

  it('answers a second lookup of the same DOI from the cache without asking any catalogue', async () => {
    await lookupDoi(deps(), '10.1023/a:1007154515475');
    const asked = fake.requests.length;
    const again = await lookupDoi(deps(), '10.1023/A:1007154515475');
    expect(fake.requests).toHaveLength(asked);
    expect(again).toMatchObject({ catalogue: 'crossref', volume: '218', issue: '1-2', pages: '1–11', year: 2001 });
  });

  it('asks OpenAlex when Crossref does not know the DOI', async () => {
    const record = await lookupDoi(deps(), '10.48550/arxiv.2304.05376');
    expect(record).toMatchObject({
      catalogue: 'openalex',
      venue: 'arXiv (Cornell University)',
      publisher: 'Cornell University',
      volume: null,
      pages: null,
    });
    expect(fake.requests.map((request) => request.catalogue)).toEqual(['crossref', 'openalex']);
    expect(fake.requests[1]?.url.pathname).toBe('/openalex/works/doi:10.48550%2Farxiv.2304.05376');
  });

  it('remembers that no catalogue knows a DOI', async () => {
    expect(await lookupDoi(deps(), '10.9999/unknown.1')).toBeNull();
    const asked = fake.requests.length;
    expect(asked).toBe(2);
    expect(await lookupDoi(deps(), '10.9999/unknown.1')).toBeNull();
    expect(fake.requests).toHaveLength(asked);
  });

  it('gives null when the catalogues fail, and asks again next time', async () => {
    fake.script('crossref', { status: 500, times: 1 });
    fake.script('openalex', { status: 500, times: 1 });
    expect(await lookupDoi(deps(), '10.1093/obo/9780199830060-0238')).toBeNull();
    expect(await lookupDoi(deps(), '10.1093/obo/9780199830060-0238')).toMatchObject({
      catalogue: 'crossref',
      title: 'Communicating Ecology',
      publisher: 'Oxford University Press',
    });
  });

  it('gives null when the catalogues cannot be reached at all', async () => {
    const offline = deps({ CROSSREF_URL: 'http://127.0.0.1:9/crossref', OPENALEX_URL: 'http://127.0.0.1:9/openalex' });
    expect(await lookupDoi(offline, '10.5555/offline.1')).toBeNull();
  });

  it('skips OpenAlex without an API key, as the search does', async () => {
    expect(await lookupDoi(deps({ OPENALEX_API_KEY: '' }), '10.9999/unknown.2')).toBeNull();
    expect(fake.requests.map((request) => request.catalogue)).toEqual(['crossref']);
  });
});
