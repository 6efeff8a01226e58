import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, sources } from './db/schema';
import { fixturePdf } from './test/fixtures';
import { OidcBrowser } from './test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from './test/test-app';

/**
 * User isolation (issue: accounts). Every route of a signed-in user that takes an id is listed here with a
 * case proving that user B gets 404 for user A's item — not 403, so ids do not leak — and changes nothing.
 * Each feature adds its rows when it adds such a route; the guard below fails until it does.
 */
type World = { test: TestApp; intruder: Record<string, string>; documentId: string; articleId: string };
type IsolationCase = (world: World) => Promise<void>;

const countMessages = async ({ test }: World, sourceId: string) =>
  (await test.database.db.select().from(chatMessages).where(eq(chatMessages.sourceId, sourceId))).length;

const ISOLATION_MATRIX: Record<string, IsolationCase> = {
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
