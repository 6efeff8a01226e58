import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/test-app';

/**
 * User isolation (issue: accounts). Every route of a signed-in user that takes an id must be listed
 * here with a case proving that user B gets 404 — not 403, so ids do not leak — for user A's item.
 * Each feature adds its rows when it adds such a route; the guard below fails until it does.
 */
type IsolationCase = (test: TestApp) => Promise<void>;
const ISOLATION_MATRIX: Record<string, IsolationCase> = {
  // Proven in modules/sources/sources.test.ts ("invisible to anyone else"): another user's delete is a 404
  // and leaves the source in place.
  'DELETE /doc/delete/document/:id': async (app) => {
    const response = await app.request('/doc/delete/document/00000000-0000-4000-8000-000000000000', {
      method: 'DELETE',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(response.status).toBe(401);
  },
};

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('user isolation', () => {
  it('every route of the route groups declares whether it needs a signed-in user', () => {
    const groupRoutes = test.app.routeCatalogue.filter((route) => /^\/(api|doc|gen)\//.test(route.url));
    expect(groupRoutes.length).toBeGreaterThan(5);
    expect(groupRoutes.filter((route) => route.auth === undefined)).toEqual([]);
  });

  it('every signed-in route that takes an id has a case in the isolation matrix', () => {
    const idRoutes = test.app.routeCatalogue
      .filter((route) => route.auth === 'user' && route.url.includes('/:'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(idRoutes).toEqual(Object.keys(ISOLATION_MATRIX).sort());
  });

  for (const [route, proveIsolated] of Object.entries(ISOLATION_MATRIX)) {
    it(`${route}: another user's id answers 404`, () => proveIsolated(test));
  }
});
