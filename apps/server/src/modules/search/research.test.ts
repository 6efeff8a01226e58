import type { ResearchStage } from '@quire/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sources, users } from '../../db/schema';
import { type FakeAcademicApis, startFakeAcademicApis } from '../../test/fake-academic-apis';
import { OidcBrowser } from '../../test/oidc-browser';
import { startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf } from '../../test/test-papers';
import { cataloguesFor } from './catalogues/catalogues';
import { researchTopic } from './research.service';

let fake: FakeAcademicApis;
let test: TestApp;
let userId: string;

beforeAll(async () => {
  fake = await startFakeAcademicApis();
  fake.localisePdfs(await mapReducePaperPdf());
  test = await startTestApp({ env: { ...fake.env(), SEARCH_TIMEOUT_MS: '1000', ALLOW_PRIVATE_URLS: 'true' } });
  await new OidcBrowser(test.baseUrl).signUp({
    name: 'Writer',
    email: 'writer@example.org',
    password: 'writes-essays',
  });
  const [user] = await test.database.db.select().from(users).where(eq(users.email, 'writer@example.org'));
  userId = user?.id ?? '';
});
afterAll(async () => {
  await test?.close();
  await fake?.close();
});

function deps() {
  return {
    db: test.database.db,
    catalogues: cataloguesFor(test.config.search),
    cacheSeconds: test.config.search.cacheSeconds,
    fileLinks: { sign: () => '', verify: () => false },
    jobs: test.app.jobs,
  };
}

describe('automatic research', () => {
  it('searches, keeps well-rated papers, processes their full texts and resolves usable sources', async () => {
    const stages: ResearchStage[] = [];
    let done = false;
    const research = researchTopic(deps(), {
      userId,
      topic: 'software testing',
      locale: 'en',
      count: 3,
      onStage: (stage) => stages.push(stage),
    }).finally(() => {
      done = true;
    });
    // Tests run jobs by hand: work the queue while the research waits for it.
    while (!done) {
      await test.app.jobs.drain();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ids = await research;

    expect(stages).toEqual(['searching_sources', 'filtering_sources', 'processing_sources']);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids.length).toBeLessThanOrEqual(3);
    const rows = await test.database.db.select().from(sources).where(inArray(sources.id, ids));
    expect(rows.every((row) => row.type === 'paper' && row.state === 'usable' && row.userId === userId)).toBe(true);
    // Their open-access PDFs were fetched from the fake and processed page by page.
    expect(rows.every((row) => row.blobKey && (row.pageCount ?? 0) > 5)).toBe(true);
    // Preprints (trustworthiness low) are not chosen.
    expect(rows.every((row) => (row.paper as { preprint: boolean }).preprint === false)).toBe(true);
  });

  it('fails with no_snippets_found_error when too few good papers exist', async () => {
    await expect(researchTopic(deps(), { userId, topic: 'qwxz zyxq', locale: 'en' })).rejects.toMatchObject({
      code: 'no_snippets_found_error',
    });
  });
});
