import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardReviews } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { signUpSubscriber, type Writer } from '../generation/generation.test-kit';
import { cardsRoutes } from './cards.routes';
import { caller, dataOf } from './cards.test-kit';

/**
 * Studying over days and weeks: besides the real routes, the test app serves the same routes under
 * `/clocked` on a clock the tests move, for a user named by a test header (the real routes' sign-in is
 * tested everywhere else).
 */
let test: TestApp;
let dispose: () => Promise<void>;
let student: Writer;
let clock = new Date('2025-03-10T09:00:00Z');
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  const owned = await createTestDatabase();
  dispose = owned.dispose;
  test = await startTestApp({
    database: owned.database,
    extend: (app) => {
      app.register(
        async (scope) => {
          scope.addHook('onRequest', async (request) => {
            request.user = { id: String(request.headers['x-test-user']) };
          });
          await scope.register(cardsRoutes, {
            db: owned.database.db,
            ai: { engine: 'builtin', provider: 'builtin', model: null },
            config: { trial: { wordLimit: 5_000, days: 7 } },
            now: () => clock,
          });
        },
        { prefix: '/clocked' },
      );
    },
  });
  student = await signUpSubscriber(test, 'learner@example.org');
});
afterAll(async () => {
  await test.close();
  await dispose();
});

const at = (method: string, path: string, body?: unknown) => {
  const headers = { 'x-test-user': student.userId };
  return test.request(`/clocked${path}`, body === undefined ? { method, headers } : jsonRequest(method, body, headers));
};
// biome-ignore lint/suspicious/noExplicitAny: tests assert on the payload's shape themselves
const fronts = (session: any) => session.cards.map((card: { front: string }) => card.front);

describe('studying with FSRS over time', () => {
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on the payload's shape themselves
  let deck: any;
  const card = (front: string) => deck.cards.find((each: { front: string }) => each.front === front).id;
  const review = async (front: string, grade: number) =>
    dataOf(await at('POST', `/cards/decks/${deck.id}/cards/${card(front)}/review`, { grade }));
  const study = async (limit?: number) =>
    dataOf(await at('GET', `/cards/decks/${deck.id}/study${limit ? `?limit=${limit}` : ''}`));

  beforeAll(async () => {
    deck = await dataOf(
      await at('POST', '/cards/decks/import', { name: 'Cells', language: 'en', csv: 'Q1,A1\nQ2,A2\nQ3,A3' }),
      201,
    );
  });

  it('starts with every card new and due, in deck order', async () => {
    const session = await study();
    expect(fronts(session)).toEqual(['Q1', 'Q2', 'Q3']);
    expect(session.counts).toEqual({ total: 3, new: 3, learning: 0, known: 0, due: 3 });
    expect(fronts(await study(2))).toEqual(['Q1', 'Q2']);
  });

  it('schedules a card graded good a few minutes ahead, in learning, and stores the review', async () => {
    const { card: graded, counts } = await review('Q1', 3);
    expect(graded).toMatchObject({ state: 'learning', reps: 1, lapses: 0, last_review: clock.toISOString() });
    const wait = Date.parse(graded.due) - clock.getTime();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10 * MINUTE);
    expect(counts).toEqual({ total: 3, new: 2, learning: 1, known: 0, due: 2 });
    expect(fronts(await study())).toEqual(['Q2', 'Q3']);
    const reviews = await test.database.db.select().from(cardReviews);
    expect(reviews).toMatchObject([{ grade: 3, stateBefore: 'new', deckId: deck.id }]);
  });

  it('puts a card graded easy into review, due days later', async () => {
    const { card: graded, counts } = await review('Q2', 4);
    expect(graded.state).toBe('review');
    expect(Date.parse(graded.due) - clock.getTime()).toBeGreaterThanOrEqual(DAY);
    expect(counts).toEqual({ total: 3, new: 1, learning: 1, known: 1, due: 1 });
  });

  it('brings the learning card back once its time has come, before the new ones', async () => {
    clock = new Date(clock.getTime() + 11 * MINUTE);
    expect(fronts(await study())).toEqual(['Q1', 'Q3']);
    const { card: again } = await review('Q1', 1);
    expect(again.state).toBe('learning');
    expect(Date.parse(again.due) - clock.getTime()).toBeLessThanOrEqual(5 * MINUTE);
  });

  it('orders due cards by how overdue they are, and a lapse sends a known card to relearning', async () => {
    const q2 = (await dataOf(await at('GET', `/cards/decks/${deck.id}`))).cards[1];
    clock = new Date(Date.parse(q2.due) + DAY);
    const session = await study();
    expect(fronts(session)).toEqual(['Q1', 'Q2', 'Q3']);
    expect(session.counts).toEqual({ total: 3, new: 1, learning: 1, known: 1, due: 3 });
    const { card: lapsed, counts } = await review('Q2', 1);
    expect(lapsed).toMatchObject({ state: 'relearning', lapses: 1, reps: 2 });
    expect(counts).toMatchObject({ learning: 2, known: 0 });
  });

  it('shows the reviews of each of the last 30 UTC days, the days without any too', async () => {
    const { days, counts } = await dataOf(await at('GET', `/cards/decks/${deck.id}/progress`));
    expect(counts.total).toBe(3);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: clock.toISOString().slice(0, 10), reviews: 1, again: 1 });
    expect(days.find((day: { date: string }) => day.date === '2025-03-10')).toEqual({
      date: '2025-03-10',
      reviews: 3,
      again: 1,
    });
    const dates = days.map((day: { date: string }) => Date.parse(day.date));
    expect(dates.slice(1).map((date: number, index: number) => date - (dates[index] as number))).toEqual(
      Array(29).fill(DAY),
    );
    clock = new Date(clock.getTime() + 40 * DAY);
    const later = await dataOf(await at('GET', `/cards/decks/${deck.id}/progress`));
    expect(later.days.every((day: { reviews: number }) => day.reviews === 0)).toBe(true);
  });

  it('accepts only grades 1 to 4 and study limits 1 to 100', async () => {
    for (const grade of [0, 5, 2.5, '3', null]) {
      const response = await at('POST', `/cards/decks/${deck.id}/cards/${card('Q3')}/review`, { grade });
      expect(response.status, String(grade)).toBe(400);
    }
    expect((await at('GET', `/cards/decks/${deck.id}/study?limit=0`)).status).toBe(400);
    expect((await at('GET', `/cards/decks/${deck.id}/study?limit=101`)).status).toBe(400);
  });
});

describe('studying through the real routes', () => {
  it('reviews a card of the signed-in user now', async () => {
    const as = caller(test, student);
    const deck = await dataOf(
      await as('POST', '/api/cards/decks/import', { name: 'Now', language: 'en', csv: 'F,B' }),
      201,
    );
    const session = await dataOf(await as('GET', `/api/cards/decks/${deck.id}/study`));
    expect(session.cards.map((card: { id: string }) => card.id)).toEqual([deck.cards[0].id]);
    const response = await as('POST', `/api/cards/decks/${deck.id}/cards/${deck.cards[0].id}/review`, { grade: 2 });
    const { data } = await readBody(response);
    expect(data.card).toMatchObject({ state: 'learning', reps: 1 });
    expect(Date.parse(data.card.last_review)).toBeGreaterThan(Date.now() - MINUTE);
    expect(data.counts).toMatchObject({ total: 1, learning: 1, due: 0 });
  });
});
