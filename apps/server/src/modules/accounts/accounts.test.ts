import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, sourceChunks, sources, subscriptions, users } from '../../db/schema';
import { bearer } from '../../test/fixtures';
import { OidcBrowser, type Tokens } from '../../test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf } from '../../test/test-papers';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

let counter = 0;
async function newUser(): Promise<{ tokens: Tokens; id: string; email: string; password: string }> {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.org`;
  const password = `password-${counter}-long`;
  const tokens = await new OidcBrowser(test.baseUrl).signUp({ name: `User ${counter}`, email, password });
  return { tokens, id: String(decodeJwt(tokens.access_token).sub), email, password };
}

describe('protected account routes', () => {
  it.each([
    ['GET', '/api/auth/user/customer'],
    ['PATCH', '/api/auth/user'],
    ['DELETE', '/api/auth/user'],
    ['GET', '/api/auth/user/referral'],
    ['POST', '/api/auth/user/set_referrer'],
  ])('%s %s answers 401 without a token', async (method, path) => {
    const response = await test.request(
      path,
      jsonRequest(method, method === 'GET' || method === 'DELETE' ? undefined : {}),
    );
    expect(response.status).toBe(401);
    expect((await readBody(response)).error.code).toBe('unauthorized');
  });
});

describe('DELETE /api/auth/user', () => {
  it('deletes the account, ends its tokens, and a later sign-up with the same e-mail is a new account', async () => {
    const user = await newUser();
    await test.database.db.update(users).set({ wordsUsed: 700 }).where(eq(users.id, user.id));

    const deleted = await test.request('/api/auth/user', {
      method: 'DELETE',
      headers: bearer(user.tokens.access_token),
    });
    expect(deleted.status).toBe(204);
    expect((await test.request('/api/auth/user/customer', { headers: bearer(user.tokens.access_token) })).status).toBe(
      401,
    );
    expect((await new OidcBrowser(test.baseUrl).refresh(user.tokens.refresh_token)).status).toBe(400);

    const again = await new OidcBrowser(test.baseUrl).signUp({
      name: 'Again',
      email: user.email,
      password: user.password,
    });
    const profile = await readBody(
      await test.request('/api/auth/user/customer', { headers: bearer(again.access_token) }),
    );
    expect(profile.data.id).not.toBe(user.id);
    expect(profile.data).toMatchObject({ email: user.email, name: 'Again', words_used: 0 });
  });

  it('takes the sources, their passages, chats and files with it', async () => {
    const user = await newUser();
    const form = new FormData();
    const pdf = await mapReducePaperPdf();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'mine.pdf');
    const uploaded = await test.request('/doc/upload/document', {
      method: 'POST',
      body: form,
      headers: bearer(user.tokens.access_token),
    });
    const sourceId = (await readBody(uploaded)).data.id;
    await test.app.jobs.drain();
    await test.request(
      `/api/documents/${sourceId}/messages`,
      jsonRequest('POST', { content: 'What is MapReduce?' }, bearer(user.tokens.access_token)),
    );
    const files = () => readdirSync(join(test.config.dataDir, 'blobs'), { recursive: true }).map(String);
    expect(files().some((file) => file.includes(sourceId))).toBe(true);

    const deleted = await test.request('/api/auth/user', {
      method: 'DELETE',
      headers: bearer(user.tokens.access_token),
    });
    expect(deleted.status).toBe(204);
    const db = test.database.db;
    expect(await db.select().from(sources).where(eq(sources.id, sourceId))).toEqual([]);
    expect(await db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, sourceId))).toEqual([]);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.sourceId, sourceId))).toEqual([]);
    expect(files().some((file) => file.includes(sourceId))).toBe(false);
  });

  it.each([
    ['active', null],
    ['cancelled', sql`now() + interval '10 days'`],
  ] as const)('is refused while a subscription is %s, and keeps everything', async (status, endsAt) => {
    const user = await newUser();
    await test.database.db
      .insert(subscriptions)
      .values({ userId: user.id, planSlug: 'student', status, endsAt: endsAt === null ? null : (endsAt as never) });
    const response = await test.request('/api/auth/user', {
      method: 'DELETE',
      headers: { ...bearer(user.tokens.access_token), 'accept-language': 'de' },
    });
    expect(response.status).toBe(409);
    expect((await readBody(response)).error).toEqual({
      code: 'account_deletion_error',
      message: 'Dein Konto kann nicht gelöscht werden, solange ein Abo aktiv ist. Bitte kündige zuerst.',
    });
    expect((await test.request('/api/auth/user/customer', { headers: bearer(user.tokens.access_token) })).status).toBe(
      200,
    );
  });

  it('is allowed once a subscription has ended', async () => {
    const user = await newUser();
    await test.database.db
      .insert(subscriptions)
      .values({ userId: user.id, planSlug: 'student', status: 'ended', endsAt: new Date(Date.now() - 86_400_000) });
    const response = await test.request('/api/auth/user', {
      method: 'DELETE',
      headers: bearer(user.tokens.access_token),
    });
    expect(response.status).toBe(204);
  });
});

describe('referrals', () => {
  async function referralCode(tokens: Tokens): Promise<string> {
    const { data } = await readBody(
      await test.request('/api/auth/user/referral', { headers: bearer(tokens.access_token) }),
    );
    expect(data.link).toBe(`${test.baseUrl}/?ref=${data.code}`);
    return data.code;
  }
  async function wordsExtra(userId: string): Promise<number> {
    const [row] = await test.database.db.select().from(users).where(eq(users.id, userId));
    return row?.wordsExtra ?? -1;
  }
  const claim = (tokens: Tokens, referrer: string) =>
    test.request('/api/auth/user/set_referrer', jsonRequest('POST', { referrer }, bearer(tokens.access_token)));

  it('credits the referrer 1,000 words once for a new account', async () => {
    const referrer = await newUser();
    const code = await referralCode(referrer.tokens);
    const newcomer = await newUser();

    expect((await readBody(await claim(newcomer.tokens, code))).data).toEqual({ credited: true });
    expect(await wordsExtra(referrer.id)).toBe(1_000);
    expect((await readBody(await claim(newcomer.tokens, code))).data).toEqual({ credited: false });
    expect(await wordsExtra(referrer.id)).toBe(1_000);
    const info = await readBody(
      await test.request('/api/auth/user/referral', { headers: bearer(referrer.tokens.access_token) }),
    );
    expect(info.data.referred_count).toBe(1);
  });

  it('gives nothing for oneself, for an unknown code or for an account older than a day', async () => {
    const referrer = await newUser();
    const code = await referralCode(referrer.tokens);
    expect((await readBody(await claim(referrer.tokens, code))).data.credited).toBe(false);

    const newcomer = await newUser();
    expect((await readBody(await claim(newcomer.tokens, 'no-such-code'))).data.credited).toBe(false);

    const old = await newUser();
    await test.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(users.id, old.id));
    expect((await readBody(await claim(old.tokens, code))).data.credited).toBe(false);
    expect(await wordsExtra(referrer.id)).toBe(0);
  });

  it('credits once when the same new account claims in parallel', async () => {
    const referrer = await newUser();
    const code = await referralCode(referrer.tokens);
    const newcomer = await newUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(newcomer.tokens, code)));
    const credited = await Promise.all(answers.map(async (answer) => (await readBody(answer)).data.credited));
    expect(credited.filter(Boolean)).toHaveLength(1);
    expect(await wordsExtra(referrer.id)).toBe(1_000);
  });

  it('validates the referrer field', async () => {
    const user = await newUser();
    const response = await test.request(
      '/api/auth/user/set_referrer',
      jsonRequest('POST', {}, bearer(user.tokens.access_token)),
    );
    expect(response.status).toBe(400);
    expect((await readBody(response)).error.message).toBe('Referral code is required');
  });
});
