import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { bearer } from '../../test/fixtures';
import { OidcBrowser } from '../../test/oidc-browser';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp({ env: { TRIAL_WORD_LIMIT: '1234', TRIAL_DAYS: '3' } });
});
afterAll(() => test.close());

let counter = 0;
async function newUser() {
  counter += 1;
  const tokens = await new OidcBrowser(test.baseUrl).signUp({
    name: `Trial ${counter}`,
    email: `trial${counter}@example.org`,
    password: 'trial-password',
  });
  return { token: tokens.access_token, id: String(decodeJwt(tokens.access_token).sub) };
}
const activate = (token: string, locale = 'en') =>
  test.request('/api/auth/user/trial', { method: 'POST', headers: { ...bearer(token), 'accept-language': locale } });

describe('the Pro trial', () => {
  it('publishes its configured terms', async () => {
    expect((await readBody(await test.request('/api/auth/trial'))).data).toEqual({ word_limit: 1234, days: 3 });
  });

  it('books the trial plan with its own word limit and end date, once per account', async () => {
    const user = await newUser();
    const started = Date.now();
    const response = await activate(user.token);
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    expect(data.subscription.slug).toBe('trial');
    expect(data.words_limit).toBe(1234);
    const days = (Date.parse(data.subscription.ends_at) - started) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);

    const again = await activate(user.token, 'it');
    expect(again.status).toBe(409);
    expect((await readBody(again)).error).toEqual({
      code: 'trial_unavailable',
      message: 'La prova è riservata agli account che non hanno ancora avuto una prova o un abbonamento.',
    });
  });

  it('books one trial when activated twice at once', async () => {
    const user = await newUser();
    const statuses = (await Promise.all([activate(user.token), activate(user.token)])).map((answer) => answer.status);
    expect(statuses.sort()).toEqual([201, 409]);
    const rows = await test.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('falls back to free when it has ended, and does not block deleting the account', async () => {
    const user = await newUser();
    await activate(user.token);
    const profile = await readBody(await test.request('/api/auth/user/customer', { headers: bearer(user.token) }));
    expect(profile.data.subscription.slug).toBe('trial');

    await test.database.db
      .update(subscriptions)
      .set({ endsAt: new Date(Date.now() - 1_000) })
      .where(eq(subscriptions.userId, user.id));
    const ended = await readBody(await test.request('/api/auth/user/customer', { headers: bearer(user.token) }));
    expect(ended.data.subscription).toEqual({ slug: 'free', started_at: null, ends_at: null });
    expect(ended.data.words_limit).toBe(2_000);

    const other = await newUser();
    await activate(other.token);
    expect((await test.request('/api/auth/user', { method: 'DELETE', headers: bearer(other.token) })).status).toBe(204);
  });
});
