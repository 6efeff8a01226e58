import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, generations, sources, templateFavourites } from './db/schema';
import { fixturePdf } from './test/fixtures';
import { OidcBrowser } from './test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from './test/test-app';

/**
 * User isolation (issue: accounts). Every route of a signed-in user that takes an id is listed here with a
 * case proving that user B gets 404 for user A's item — not 403, so ids do not leak — and changes nothing.
 * Each feature adds its rows when it adds such a route; the guard below fails until it does.
 */
type World = {
  test: TestApp;
  intruder: Record<string, string>;
  ownerId: string;
  documentId: string;
  articleId: string;
};
type IsolationCase = (world: World) => Promise<void>;

const countMessages = async ({ test }: World, sourceId: string) =>
  (await test.database.db.select().from(chatMessages).where(eq(chatMessages.sourceId, sourceId))).length;

/** Runs a writing tool as the intruder with the owner's document as its source: not found, nothing written. */
const runWithOwnersSource =
  (path: (slug: string) => string, body: (inputs: Record<string, unknown>) => unknown): IsolationCase =>
  async (world) => {
    const inputs = { topic: 'MapReduce', prompt: 'What is MapReduce?', source_ids: [world.documentId] };
    const response = await world.test.request(path('freestyle'), jsonRequest('POST', body(inputs), world.intruder));
    expect(response.status).toBe(404);
    expect(await world.test.database.db.select().from(generations)).toHaveLength(0);
  };

const ISOLATION_MATRIX: Record<string, IsolationCase> = {
  'POST /gen/:slug': runWithOwnersSource(
    (slug) => `/gen/${slug}`,
    (inputs) => ({ inputs }),
  ),
  'POST /api/prompt_templates/:slug/execute': runWithOwnersSource(
    (slug) => `/api/prompt_templates/${slug}/execute`,
    (inputs) => ({ inputs }),
  ),
  'POST /api/prompt_templates/:slug/execute_batch': runWithOwnersSource(
    (slug) => `/api/prompt_templates/${slug}/execute_batch`,
    (inputs) => ({ inputs: [inputs] }),
  ),
  'DELETE /gen/history/:id': async (world) => {
    const [owned] = await world.test.database.db
      .insert(generations)
      .values({
        userId: world.ownerId,
        slug: 'freestyle',
        inputs: {},
        wordsUsed: 3,
        text: 'Owned text.',
        engine: 'builtin',
      })
      .returning();
    const response = await world.test.request(`/gen/history/${owned?.id}`, {
      method: 'DELETE',
      headers: world.intruder,
    });
    expect(response.status).toBe(404);
    expect(
      await world.test.database.db
        .select()
        .from(generations)
        .where(eq(generations.id, owned?.id ?? '')),
    ).toHaveLength(1);
    await world.test.database.db.delete(generations);
  },
  // A tool's slug names nobody's item: the intruder's toggle is their own choice and leaves the owner's alone.
  'POST /api/prompt_templates/:slug/favourite': async (world) => {
    const response = await world.test.request('/api/prompt_templates/freestyle/favourite', {
      method: 'POST',
      headers: world.intruder,
    });
    expect((await readBody(response)).data).toEqual({ favourite: true });
    const choices = await world.test.database.db.select().from(templateFavourites);
    expect(choices.map((choice) => choice.userId)).not.toContain(world.ownerId);
  },
  'DELETE /doc/delete/document/:id': async (world) => {
    for (const id of [world.documentId, world.articleId]) {
      const response = await world.test.request(`/doc/delete/document/${id}`, {
        method: 'DELETE',
        headers: world.intruder,
      });
      expect(response.status).toBe(404);
      expect(await world.test.database.db.select().from(sources).where(eq(sources.id, id))).toHaveLength(1);
    }
  },
  'GET /api/documents/:id/messages': async (world) => {
    expect(
      (await world.test.request(`/api/documents/${world.documentId}/messages`, { headers: world.intruder })).status,
    ).toBe(404);
  },
  'POST /api/documents/:id/messages': async (world) => {
    const before = await countMessages(world, world.documentId);
    const response = await world.test.request(
      `/api/documents/${world.documentId}/messages`,
      jsonRequest('POST', { content: 'What is MapReduce?' }, world.intruder),
    );
    expect(response.status).toBe(404);
    expect(await countMessages(world, world.documentId)).toBe(before);
  },
  'GET /api/articles/:id/messages': async (world) => {
    expect(
      (await world.test.request(`/api/articles/${world.articleId}/messages`, { headers: world.intruder })).status,
    ).toBe(404);
  },
  'POST /api/articles/:id/messages': async (world) => {
    const response = await world.test.request(
      `/api/articles/${world.articleId}/messages`,
      jsonRequest('POST', { content: 'What does the article say?' }, world.intruder),
    );
    expect(response.status).toBe(404);
    expect(await countMessages(world, world.articleId)).toBe(0);
  },
};

const world = {} as World;
beforeAll(async () => {
  world.test = await startTestApp();
  const owner = await new OidcBrowser(world.test.baseUrl).signUp({
    name: 'Owner',
    email: 'owner@example.org',
    password: 'owns-things',
  });
  const intruder = await new OidcBrowser(world.test.baseUrl).signUp({
    name: 'Intruder',
    email: 'intruder@example.org',
    password: 'wants-things',
  });
  world.intruder = { authorization: `Bearer ${intruder.access_token}` };
  const form = new FormData();
  const pdf = fixturePdf('scienceparse_map-reduce.pdf');
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'owned.pdf');
  const uploaded = await world.test.request('/doc/upload/document', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${owner.access_token}` },
  });
  world.documentId = (await readBody(uploaded)).data.id;
  await world.test.app.jobs.drain();
  const [ownerRow] = await world.test.database.db
    .select({ userId: sources.userId })
    .from(sources)
    .where(eq(sources.id, world.documentId));
  const [article] = await world.test.database.db
    .insert(sources)
    .values({ userId: ownerRow?.userId ?? '', type: 'website', name: 'example.org/article', state: 'usable' })
    .returning();
  world.articleId = article?.id ?? '';
  world.ownerId = ownerRow?.userId ?? '';
});
afterAll(() => world.test.close());

describe('user isolation', () => {
  it('every route of the route groups declares whether it needs a signed-in user', () => {
    const groupRoutes = world.test.app.routeCatalogue.filter((route) => /^\/(api|doc|gen)\//.test(route.url));
    expect(groupRoutes.length).toBeGreaterThan(5);
    expect(groupRoutes.filter((route) => route.auth === undefined)).toEqual([]);
  });

  it('every signed-in route that takes an id has a case in the isolation matrix', () => {
    const idRoutes = world.test.app.routeCatalogue
      .filter((route) => route.auth === 'user' && route.url.includes('/:'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(idRoutes).toEqual(Object.keys(ISOLATION_MATRIX).sort());
  });

  for (const [route, proveIsolated] of Object.entries(ISOLATION_MATRIX)) {
    it(`${route}: another user's id answers 404 and changes nothing`, () => proveIsolated(world));
  }
});
