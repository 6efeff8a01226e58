import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalWords, users } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { signUpWriter, type Writer } from '../generation/generation.test-kit';
import { PERSONAL_WORDS_LIMIT, personalWordSet } from './dictionary.store';

const BASE = '/api';

describe('personal dictionary', () => {
  let test: TestApp;
  let anna: Writer;
  let ben: Writer;
  const add = (writer: Writer, body: unknown, headers: Record<string, string> = {}) =>
    test.request(`${BASE}/dictionary`, jsonRequest('POST', body, { ...writer.auth, ...headers }));
  const list = (writer: Writer, query = '') => test.request(`${BASE}/dictionary${query}`, { headers: writer.auth });
  const remove = (writer: Writer, language: string, word: string) =>
    test.request(`${BASE}/dictionary/${language}/${encodeURIComponent(word)}`, {
      method: 'DELETE',
      headers: writer.auth,
    });

  beforeAll(async () => {
    test = await startTestApp();
    anna = await signUpWriter(test, 'anna@example.org');
    ben = await signUpWriter(test, 'ben@example.org');
  });
  afterAll(() => test.close());

  it('answers 401 without a signed-in user', async () => {
    expect((await test.request(`${BASE}/dictionary`)).status).toBe(401);
    expect((await test.request(`${BASE}/dictionary`, jsonRequest('POST', { word: 'x', language: 'en' }))).status).toBe(
      401,
    );
    expect((await test.request(`${BASE}/dictionary/en/x`, { method: 'DELETE' })).status).toBe(401);
  });

  it('adds a word (201), adds it again idempotently (200) and lists it per language', async () => {
    const first = await add(anna, { word: 'Zotero', language: 'en' });
    expect(first.status).toBe(201);
    const created = (await readBody(first)).data;
    expect(created).toMatchObject({ word: 'Zotero', language: 'en' });
    expect(Date.parse(created.created_at)).not.toBeNaN();
    const again = await add(anna, { word: 'Zotero', language: 'en' });
    expect(again.status).toBe(200);
    expect((await readBody(again)).data).toEqual(created);
    expect((await add(anna, { word: 'Quellenangabe', language: 'de' })).status).toBe(201);

    expect((await readBody(await list(anna, '?language=en'))).data.words.map((w: { word: string }) => w.word)).toEqual([
      'Zotero',
    ]);
    expect((await readBody(await list(anna))).data.words).toHaveLength(2);
    expect(await personalWordSet(test.database.db, anna.userId, 'en')).toEqual(new Set(['Zotero']));
  });

  it('shows each user only their own words, and deleting another user’s word is not_found', async () => {
    await add(ben, { word: 'Benword', language: 'en' });
    const bens = (await readBody(await list(ben, '?language=en'))).data.words.map((w: { word: string }) => w.word);
    expect(bens).toEqual(['Benword']);

    const foreign = await remove(ben, 'en', 'Zotero');
    expect(foreign.status).toBe(404);
    expect((await readBody(foreign)).error.code).toBe('not_found');
    expect(await personalWordSet(test.database.db, anna.userId, 'en')).toEqual(new Set(['Zotero']));

    const own = await remove(anna, 'en', 'Zotero');
    expect(own.status).toBe(200);
    expect((await readBody(own)).data).toEqual({ deleted: true });
    expect((await remove(anna, 'en', 'Zotero')).status).toBe(404);
  });

  it('keeps words with apostrophes and accents through the URL', async () => {
    expect((await add(anna, { word: "aujourd'hui-là", language: 'fr' })).status).toBe(201);
    expect((await remove(anna, 'fr', "aujourd'hui-là")).status).toBe(200);
  });

  it('translates validation errors for the request language', async () => {
    const response = await add(anna, { word: 'two words', language: 'xx' }, { 'accept-language': 'de' });
    expect(response.status).toBe(400);
    const { error } = await readBody(response);
    expect(error.code).toBe('validation_error');
    expect(error.details.fields.map((field: { path: string }) => field.path).sort()).toEqual(['language', 'word']);
    expect(error.message).toMatch(/Sprache|Wort|ungültig|gültig/u);
    expect((await list(anna, '?language=klingon')).status).toBe(400);
  });

  it('refuses a word beyond the limit with a translated validation error', async () => {
    const values = Array.from({ length: PERSONAL_WORDS_LIMIT }, (_, index) => ({
      userId: ben.userId,
      language: 'nl',
      word: `woord${index}`,
    }));
    await test.database.db.insert(personalWords).values(values);
    const response = await add(ben, { word: 'eentje', language: 'nl' }, { 'accept-language': 'de' });
    expect(response.status).toBe(400);
    const { error } = await readBody(response);
    expect(error.code).toBe('validation_error');
    expect(error.message).not.toMatch(/too many/u);
    expect((await add(ben, { word: 'woord7', language: 'nl' })).status).toBe(200);
  });

  it('deletes the words with their user', async () => {
    await test.database.db.delete(users).where(eq(users.id, ben.userId));
    const left = await test.database.db.select().from(personalWords).where(eq(personalWords.userId, ben.userId));
    expect(left).toEqual([]);
  });
});
