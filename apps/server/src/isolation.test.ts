import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardDecks,
  cards,
  chatMessages,
  checkoutSessions,
  generations,
  ownApps,
  personalWords,
  sharedResults,
  sourceStructures,
  sources,
  subscriptions,
  templateFavourites,
  users,
} from './db/schema';
import { OidcBrowser } from './test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from './test/test-app';
import { mapReducePaperPdf } from './test/test-papers';

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

/** A checkout the owner opened for the student plan (the local provider books it on confirmation). */
async function ownersCheckout(world: World): Promise<string> {
  const [row] = await world.test.database.db
    .insert(checkoutSessions)
    .values({
      userId: world.ownerId,
      provider: 'local',
      kind: 'plan',
      productSlug: 'student',
      period: 'monthly',
      currency: 'USD',
      amount: 999,
    })
    .returning();
  return row?.id ?? '';
}

/** An own application of the owner's. */
async function ownersApp(world: World): Promise<string> {
  const [row] = await world.test.database.db
    .insert(ownApps)
    .values({ userId: world.ownerId, name: 'Owned app', inputs: [{ key: 'term', label: 'Term' }], prompt: '{term}' })
    .returning();
  return row?.id ?? '';
}

const ownAppsNamed = async ({ test }: World, name: string) =>
  (await test.database.db.select().from(ownApps).where(eq(ownApps.name, name))).length;

/** A result of the owner, optionally shared; the case removes it again (other cases count results). */
const withOwnersResult =
  (shared: boolean, prove: (world: World, id: string) => Promise<void>): IsolationCase =>
  async (world) => {
    const db = world.test.database.db;
    const [owned] = await db
      .insert(generations)
      .values({ userId: world.ownerId, slug: 'freestyle', inputs: {}, wordsUsed: 3, text: 'Owned.', engine: 'builtin' })
      .returning();
    const id = owned?.id ?? '';
    if (shared)
      await db
        .insert(sharedResults)
        .values({ token: 'Owners_Token-0123456789abcdef', generationId: id, userId: world.ownerId });
    try {
      await prove(world, id);
      expect(await db.select().from(generations).where(eq(generations.id, id))).toHaveLength(1);
      expect(await db.select().from(sharedResults).where(eq(sharedResults.generationId, id))).toHaveLength(
        shared ? 1 : 0,
      );
    } finally {
      await db.delete(generations).where(eq(generations.id, id));
    }
  };

/** The intruder calls a history route with the owner's result id: 404. */
const historyCase = (method: string, path: (id: string) => string, shared = false): IsolationCase =>
  withOwnersResult(shared, async (world, id) => {
    const response = await world.test.request(path(id), { method, headers: world.intruder });
    expect(response.status).toBe(404);
  });

/** A deck of the owner's with two cards; the case proves both unchanged afterwards, then removes them. */
const deckCase =
  (
    method: string,
    path: (deck: string, card: string) => string,
    body?: (cardIds: string[]) => unknown,
  ): IsolationCase =>
  async (world) => {
    const db = world.test.database.db;
    const [deck] = await db
      .insert(cardDecks)
      .values({ userId: world.ownerId, name: 'Owned deck', language: 'en', engine: 'manual' })
      .returning();
    const deckId = deck?.id ?? '';
    const owned = await db
      .insert(cards)
      .values(
        ['Q1', 'Q2'].map((front, position) => ({
          deckId,
          userId: world.ownerId,
          position,
          kind: 'basic' as const,
          front,
          back: 'A',
        })),
      )
      .returning();
    const ids = owned.map((card) => card.id);
    try {
      const init = body ? jsonRequest(method, body(ids), world.intruder) : { method, headers: world.intruder };
      expect((await world.test.request(path(deckId, ids[0] ?? ''), init)).status).toBe(404);
      expect(await db.select().from(cardDecks).where(eq(cardDecks.id, deckId))).toEqual([deck]);
      const after = await db.select().from(cards).where(eq(cards.deckId, deckId));
      expect(after.sort((a, b) => a.position - b.position)).toEqual(owned);
    } finally {
      await db.delete(cardDecks).where(eq(cardDecks.id, deckId));
    }
  };

const ISOLATION_MATRIX: Record<string, IsolationCase> = {
  'GET /api/cards/decks/:id': deckCase('GET', (deck) => `/api/cards/decks/${deck}`),
  'PATCH /api/cards/decks/:id': deckCase(
    'PATCH',
    (deck) => `/api/cards/decks/${deck}`,
    () => ({ name: 'Taken' }),
  ),
  'DELETE /api/cards/decks/:id': deckCase('DELETE', (deck) => `/api/cards/decks/${deck}`),
  'POST /api/cards/decks/:id/cards': deckCase(
    'POST',
    (deck) => `/api/cards/decks/${deck}/cards`,
    () => ({ front: 'F', back: 'B' }),
  ),
  'PATCH /api/cards/decks/:id/cards/:cardId': deckCase(
    'PATCH',
    (deck, card) => `/api/cards/decks/${deck}/cards/${card}`,
    () => ({ front: 'Changed' }),
  ),
  'DELETE /api/cards/decks/:id/cards/:cardId': deckCase(
    'DELETE',
    (deck, card) => `/api/cards/decks/${deck}/cards/${card}`,
  ),
  'PUT /api/cards/decks/:id/order': deckCase(
    'PUT',
    (deck) => `/api/cards/decks/${deck}/order`,
    (ids) => ({ card_ids: [...ids].reverse() }),
  ),
  'GET /api/cards/decks/:id/study': deckCase('GET', (deck) => `/api/cards/decks/${deck}/study`),
  'POST /api/cards/decks/:id/cards/:cardId/review': deckCase(
    'POST',
    (deck, card) => `/api/cards/decks/${deck}/cards/${card}/review`,
    () => ({ grade: 3 }),
  ),
  'GET /api/cards/decks/:id/progress': deckCase('GET', (deck) => `/api/cards/decks/${deck}/progress`),
  'GET /api/cards/decks/:id/export': deckCase('GET', (deck) => `/api/cards/decks/${deck}/export`),
  'GET /api/history/:id': historyCase('GET', (id) => `/api/history/${id}`),
  'DELETE /api/history/:id': historyCase('DELETE', (id) => `/api/history/${id}`),
  'POST /api/history/:id/share': historyCase('POST', (id) => `/api/history/${id}/share`),
  'DELETE /api/history/:id/share': historyCase('DELETE', (id) => `/api/history/${id}/share`, true),
  'GET /api/own_apps/:id': async (world) => {
    const app = await ownersApp(world);
    expect((await world.test.request(`/api/own_apps/${app}`, { headers: world.intruder })).status).toBe(404);
    const run = await world.test.request(
      `/api/prompt_templates/own-${app}/execute`,
      jsonRequest('POST', { inputs: { term: 'MapReduce' } }, world.intruder),
    );
    expect(run.status).toBe(404);
    expect(await world.test.database.db.select().from(generations)).toHaveLength(0);
  },
  'PUT /api/own_apps/:id': async (world) => {
    const app = await ownersApp(world);
    const definition = { name: 'Taken over', inputs: [{ key: 'term', label: 'Term' }], prompt: '{term}' };
    const response = await world.test.request(`/api/own_apps/${app}`, jsonRequest('PUT', definition, world.intruder));
    expect(response.status).toBe(404);
    expect(await ownAppsNamed(world, 'Taken over')).toBe(0);
  },
  'DELETE /api/own_apps/:id': async (world) => {
    const app = await ownersApp(world);
    const response = await world.test.request(`/api/own_apps/${app}`, { method: 'DELETE', headers: world.intruder });
    expect(response.status).toBe(404);
    expect(await world.test.database.db.select().from(ownApps).where(eq(ownApps.id, app))).toHaveLength(1);
  },
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
  'GET /api/billing/checkout/:id': async (world) => {
    const session = await ownersCheckout(world);
    const response = await world.test.request(`/api/billing/checkout/${session}`, { headers: world.intruder });
    expect(response.status).toBe(404);
  },
  'POST /api/billing/checkout/:id/confirm': async (world) => {
    const session = await ownersCheckout(world);
    const response = await world.test.request(`/api/billing/checkout/${session}/confirm`, {
      method: 'POST',
      headers: world.intruder,
    });
    expect(response.status).toBe(404);
    const [row] = await world.test.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session));
    expect(row?.status).toBe('open');
  },
  'DELETE /api/dictionary/:language/:word': async (world) => {
    await world.test.database.db
      .insert(personalWords)
      .values({ userId: world.ownerId, language: 'en', word: 'Quire' })
      .onConflictDoNothing();
    const response = await world.test.request('/api/dictionary/en/Quire', {
      method: 'DELETE',
      headers: world.intruder,
    });
    expect(response.status).toBe(404);
    expect(
      await world.test.database.db.select().from(personalWords).where(eq(personalWords.userId, world.ownerId)),
    ).toHaveLength(1);
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
  'GET /doc/documents/:id/structure': async (world) => {
    const stored = await world.test.database.db
      .select()
      .from(sourceStructures)
      .where(eq(sourceStructures.sourceId, world.documentId));
    expect(stored).toHaveLength(1);
    for (const id of [world.documentId, world.articleId]) {
      expect((await world.test.request(`/doc/documents/${id}/structure`, { headers: world.intruder })).status).toBe(
        404,
      );
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
  'POST /api/library/questions': async (world) => {
    const named = await world.test.request(
      '/api/library/questions',
      jsonRequest('POST', { content: 'What is MapReduce?', source_ids: [world.documentId] }, world.intruder),
    );
    expect(named.status).toBe(404);
    const everything = await world.test.request(
      '/api/library/questions',
      jsonRequest('POST', { content: 'What is MapReduce?' }, world.intruder),
    );
    expect(everything.status).toBe(200);
    expect((await readBody(everything)).data).toMatchObject({ citations: [], searched: 0 });
  },
};

/** Signed-in routes that take source ids in their body rather than their path: they are in the matrix too. */
const BODY_ID_ROUTES = ['POST /api/library/questions'];

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
  // The intruder may use every tool, so the writing tools get as far as checking whose sources they are.
  const [intruderRow] = await world.test.database.db
    .select()
    .from(users)
    .where(eq(users.email, 'intruder@example.org'));
  await world.test.database.db.insert(subscriptions).values({
    userId: intruderRow?.id ?? '',
    planSlug: 'student',
    status: 'active',
    period: 'monthly',
    provider: 'local',
    endsAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
  });
  const form = new FormData();
  const pdf = await mapReducePaperPdf();
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

  it('every signed-in route that takes an id (in its path or body) has a case in the isolation matrix', () => {
    const idRoutes = world.test.app.routeCatalogue
      .filter((route) => route.auth === 'user')
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => route.includes('/:') || BODY_ID_ROUTES.includes(route))
      .sort();
    expect(idRoutes).toEqual(Object.keys(ISOLATION_MATRIX).sort());
  });

  for (const [route, proveIsolated] of Object.entries(ISOLATION_MATRIX)) {
    it(`${route}: another user's id answers 404 and changes nothing`, () => proveIsolated(world));
  }
});
