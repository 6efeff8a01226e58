import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardDecks, sources, users } from '../../db/schema';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { splitWords } from '../../text/segment';
import { addSource, signUpSubscriber, signUpWriter, type Writer } from '../generation/generation.test-kit';
import { type Call, caller, dataOf, ENGLISH_TEXT, GERMAN_TEXT, wordsUsed } from './cards.test-kit';

let test: TestApp;
let student: Writer;
let asStudent: Call;

beforeAll(async () => {
  test = await startTestApp();
  student = await signUpSubscriber(test, 'student@example.org');
  asStudent = caller(test, student);
});
afterAll(() => test.close());
beforeEach(async () => {
  await test.database.db.delete(cardDecks);
  await test.database.db.update(users).set({ wordsUsed: 0, wordsExtra: 0 }).where(eq(users.id, student.userId));
});

const decks = () => test.database.db.select().from(cardDecks);
// biome-ignore lint/suspicious/noExplicitAny: tests assert on the payload's shape themselves
const cardWords = (cards: any[], language: string) =>
  cards.reduce((sum, card) => sum + splitWords(`${card.front} ${card.back}`, language).length, 0);

describe('making a deck from pasted text with the built-in engine', () => {
  it('answers 401 without a token, and subscription_required on the free plan', async () => {
    expect((await test.request('/api/cards/decks')).status).toBe(401);
    const free = caller(test, await signUpWriter(test, 'free@example.org'));
    const refused = await free('POST', '/api/cards/decks', { text: ENGLISH_TEXT });
    expect(refused.status).toBe(402);
    expect((await readBody(refused)).error.code).toBe('subscription_required');
    const imported = await free('POST', '/api/cards/decks/import', { name: 'Mine', language: 'en', csv: 'a,b' });
    expect((await readBody(imported)).error.code).toBe('subscription_required');
    expect(await decks()).toHaveLength(0);
  });

  it('makes definition and cloze cards, in text order, and charges their words', async () => {
    const deck = await dataOf(await asStudent('POST', '/api/cards/decks', { text: ENGLISH_TEXT }), 201);
    expect(deck).toMatchObject({ language: 'en', engine: 'builtin', source_id: null });
    expect(deck.name).toBe('The cell is the basic unit of life');
    expect(deck.cards.map((card: { position: number }) => card.position)).toEqual(
      deck.cards.map((_: unknown, index: number) => index),
    );
    expect(deck.cards[0]).toMatchObject({
      kind: 'definition',
      front: 'What is the cell?',
      back: 'The basic unit of life',
    });
    expect(deck.cards).toContainEqual(
      expect.objectContaining({
        kind: 'cloze',
        front: 'In …, Robert Hooke first described cells in cork under a microscope.',
        back: '1665',
      }),
    );
    for (const card of deck.cards) {
      expect(card).toMatchObject({ state: 'new', reps: 0, lapses: 0, last_review: null, page: null });
      expect(ENGLISH_TEXT).toContain(card.passage);
    }
    const total = deck.cards.length;
    expect(deck.counts).toEqual({ total, new: total, learning: 0, known: 0, due: total });
    expect(await wordsUsed(test, student.userId)).toBe(cardWords(deck.cards, 'en'));
  });

  it('detects the language of the text, unless the request names one', async () => {
    const german = await dataOf(
      await asStudent('POST', '/api/cards/decks', { text: GERMAN_TEXT, name: 'Zellen' }),
      201,
    );
    expect(german).toMatchObject({ language: 'de', name: 'Zellen' });
    expect(german.cards[0]).toMatchObject({ front: 'Was ist die Zelle?', back: 'Die kleinste Einheit des Lebens' });
    const named = await dataOf(
      await asStudent('POST', '/api/cards/decks', { text: ENGLISH_TEXT, language: 'nl' }),
      201,
    );
    expect(named.language).toBe('nl');
  });

  it('makes no more cards than asked for', async () => {
    const deck = await dataOf(await asStudent('POST', '/api/cards/decks', { text: ENGLISH_TEXT, count: 5 }), 201);
    expect(deck.cards).toHaveLength(5);
    const tooMany = await asStudent('POST', '/api/cards/decks', { text: ENGLISH_TEXT, count: 51 });
    expect(tooMany.status).toBe(400);
  });

  it('refuses a text too short to learn from, naming the field', async () => {
    const response = await asStudent('POST', '/api/cards/decks', { text: 'The cell is the basic unit of life.' });
    expect(response.status).toBe(400);
    expect((await readBody(response)).error.details.fields[0].path).toBe('text');
    expect(await wordsUsed(test, student.userId)).toBe(0);
  });

  it('says cards_not_generated, stores nothing and charges nothing when no sentence makes a card', async () => {
    const numbers = Array.from({ length: 40 }, (_, index) => String(index * 7)).join(' ');
    const response = await asStudent('POST', '/api/cards/decks', { text: numbers });
    expect(response.status).toBe(422);
    expect((await readBody(response)).error.code).toBe('cards_not_generated');
    expect(await decks()).toHaveLength(0);
    expect(await wordsUsed(test, student.userId)).toBe(0);
  });

  it('refuses with word_limit_reached when no words are left, storing nothing', async () => {
    await test.database.db.update(users).set({ wordsUsed: 10_000 }).where(eq(users.id, student.userId));
    const response = await asStudent('POST', '/api/cards/decks', { text: ENGLISH_TEXT });
    expect(response.status).toBe(402);
    expect((await readBody(response)).error.code).toBe('word_limit_reached');
    expect(await decks()).toHaveLength(0);
    expect(await wordsUsed(test, student.userId)).toBe(10_000);
  });

  it('charges the last deck before the limit only up to the limit', async () => {
    await test.database.db.update(users).set({ wordsUsed: 9_990 }).where(eq(users.id, student.userId));
    await dataOf(await asStudent('POST', '/api/cards/decks', { text: ENGLISH_TEXT }), 201);
    expect(await wordsUsed(test, student.userId)).toBe(10_000);
  });
});

describe('making a deck from a source', () => {
  const PASSAGES = [
    'The cell is the basic unit of life. Every living organism is made of one or more cells.',
    'Mitochondria are organelles that release energy from food. Without mitochondria cells would starve.',
    'Photosynthesis refers to the process by which plants turn light into chemical energy.',
  ];

  it("uses the source's passages with their pages, its title as the name and its language", async () => {
    const sourceId = await addSource(test, student.userId, { title: 'Cell biology', passages: PASSAGES });
    const deck = await dataOf(await asStudent('POST', '/api/cards/decks', { source_id: sourceId }), 201);
    expect(deck).toMatchObject({ name: 'Cell biology', source_id: sourceId, language: 'en', engine: 'builtin' });
    expect(deck.cards.map((card: { front: string; page: number }) => [card.front, card.page])).toEqual([
      ['What is the cell?', 1],
      ['Every living organism is made of one or more ….', 1],
      ['What are mitochondria?', 2],
      ['What is photosynthesis?', 3],
    ]);
    expect(deck.cards[2].passage).toBe(PASSAGES[1]);
  });

  it("takes the source's language when the request names none", async () => {
    const sourceId = await addSource(test, student.userId, { title: 'Zellen', passages: [GERMAN_TEXT] });
    await test.database.db.update(sources).set({ language: 'de' }).where(eq(sources.id, sourceId));
    const deck = await dataOf(await asStudent('POST', '/api/cards/decks', { source_id: sourceId }), 201);
    expect(deck.language).toBe('de');
    expect(deck.cards[0].front).toBe('Was ist die Zelle?');
  });

  it("refuses a source still being processed, and answers 404 for another user's or an unknown one", async () => {
    const processing = await addSource(test, student.userId, {
      title: 'Later',
      passages: PASSAGES,
      state: 'processing',
    });
    const notReady = await asStudent('POST', '/api/cards/decks', { source_id: processing });
    expect(notReady.status).toBe(409);
    expect((await readBody(notReady)).error.code).toBe('source_not_ready');
    const other = await signUpSubscriber(test, 'other@example.org');
    const theirs = await addSource(test, other.userId, { title: 'Theirs', passages: PASSAGES });
    expect((await asStudent('POST', '/api/cards/decks', { source_id: theirs })).status).toBe(404);
    expect((await asStudent('POST', '/api/cards/decks', { source_id: 'not-a-uuid' })).status).toBe(404);
    expect(await decks()).toHaveLength(0);
    expect(await wordsUsed(test, student.userId)).toBe(0);
  });

  it('refuses a request with both a source and a text', async () => {
    const response = await asStudent('POST', '/api/cards/decks', { source_id: 'x', text: ENGLISH_TEXT });
    expect(response.status).toBe(400);
  });
});
