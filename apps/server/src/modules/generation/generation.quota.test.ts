import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations, users } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { reserveWords } from './generation.quota';
import { paragraphEngine, signUpSubscriber, type Writer } from './generation.test-kit';

/** The writer has a student subscription: freestyle is not on the free plan. */
const STUDENT_WORD_LIMIT = 10_000;

/** Thirty words, written after a pause, so parallel runs overlap. */
const THIRTY_WORDS = Array.from({ length: 30 }, (_, index) => `word${String.fromCharCode(97 + (index % 26))}`).join(
  ' ',
);
const PARALLEL_RUNS = 8;

let test: TestApp;
let writer: Writer;

beforeAll(async () => {
  test = await startTestApp({
    engines: { freestyle: paragraphEngine([], { text: THIRTY_WORDS, delayMs: 100 }) },
    // The quota, not the generation limits (generation.limits.pg.test.ts), is what refuses parallel runs here.
    generationLimits: { startsPerMinute: 1_000, running: PARALLEL_RUNS },
  });
  writer = await signUpSubscriber(test, 'quota@example.org');
});
afterAll(() => test.close());
beforeEach(() => test.database.db.delete(generations));

const setWords = (wordsUsed: number, wordsExtra: number) =>
  test.database.db.update(users).set({ wordsUsed, wordsExtra }).where(eq(users.id, writer.userId));
const wordsUsed = async () =>
  (await test.database.db.select().from(users).where(eq(users.id, writer.userId)))[0]?.wordsUsed ?? -1;
const freestyle = () =>
  test.request('/gen/freestyle', jsonRequest('POST', { inputs: { prompt: 'Write freely' } }, writer.auth));

describe('the word quota', () => {
  it('lets parallel runs never spend more than is left', async () => {
    const maximum = STUDENT_WORD_LIMIT + 100;
    // 100 words are left: enough for any one run, and for all of them if each only checked what was left.
    await setWords(STUDENT_WORD_LIMIT, 100);
    const responses = await Promise.all(Array.from({ length: PARALLEL_RUNS }, freestyle));
    const bodies = await Promise.all(responses.map(readBody));

    const succeeded = responses.filter((response) => response.status === 201);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(responses.filter((response) => response.status === 402)).toHaveLength(PARALLEL_RUNS - succeeded.length);
    expect(bodies.filter((body) => body.error).every((body) => body.error.code === 'word_limit_reached')).toBe(true);
    const stored = await test.database.db.select().from(generations);
    expect(stored).toHaveLength(succeeded.length);
    const used = await wordsUsed();
    expect(used).toBeLessThanOrEqual(maximum);
    expect(used).toBe(STUDENT_WORD_LIMIT + stored.reduce((sum, row) => sum + row.wordsUsed, 0));
  });

  it('reserves atomically: many reservations at once take exactly what is left', async () => {
    await setWords(STUDENT_WORD_LIMIT, 100);
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        reserveWords(test.database.db, { userId: writer.userId, planLimit: STUDENT_WORD_LIMIT, estimate: 30 }),
      ),
    );
    const reserved = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value.words] : []));
    expect(reserved.sort((a, b) => b - a)).toEqual([30, 30, 30, 10]);
    expect(attempts.filter((attempt) => attempt.status === 'rejected')).toHaveLength(16);
    expect(await wordsUsed()).toBe(STUDENT_WORD_LIMIT + 100);
  });

  it('charges the last run before the limit up to the limit, and refuses the next', async () => {
    await setWords(STUDENT_WORD_LIMIT - 10, 0);
    const last = await freestyle();
    expect(last.status).toBe(201);
    expect((await readBody(last)).data.words_used).toBe(30);
    expect(await wordsUsed()).toBe(STUDENT_WORD_LIMIT);
    expect((await freestyle()).status).toBe(402);
  });

  it('counts extra words on top of the plan limit', async () => {
    await setWords(STUDENT_WORD_LIMIT + 500, 1_000);
    expect((await freestyle()).status).toBe(201);
    expect(await wordsUsed()).toBe(STUDENT_WORD_LIMIT + 530);
  });

  it('gives back the words of a run that never settled them when its hold falls due, once', async () => {
    await setWords(1_000, 0);
    // A run whose process died after reserving: its hold is due at once.
    await reserveWords(test.database.db, {
      userId: writer.userId,
      planLimit: STUDENT_WORD_LIMIT,
      estimate: 30,
      holdSeconds: 0,
    });
    expect(await wordsUsed()).toBe(1_030);
    expect(await test.app.jobs.drain()).toBe(1);
    expect(await wordsUsed()).toBe(1_000);
    expect(await test.app.jobs.drain()).toBe(0);
    expect(await wordsUsed()).toBe(1_000);
  });
});
