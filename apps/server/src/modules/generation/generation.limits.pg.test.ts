import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, jobs, userRateWindows, users } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { ENGLISH_TEXT } from '../cards/cards.test-kit';
import type { ToolEngine } from './engine-types';
import { GENERATION_LIMITS } from './generation.limits';
import { RELEASE_WORDS_JOB } from './generation.quota';
import { signUpSubscriber, type Writer } from './generation.test-kit';

/** A run whose prompt asks for it takes this long, so that runs overlap. */
const SLOW_RUN_MS = 1_500;

/** Freestyle that writes seven words, at once or, when the prompt says "slowly", after SLOW_RUN_MS. */
const freestyleEngine: ToolEngine<{ prompt: string }> = {
  slug: 'freestyle',
  usesSources: false,
  async run(run) {
    if (run.inputs.prompt.includes('slowly')) await new Promise((resolve) => setTimeout(resolve, SLOW_RUN_MS));
    return { text: 'Seven words about rivers and their banks.', citations: [], engine: 'builtin' };
  },
};

let test: TestApp;
/** A second instance on the same database, as behind a load balancer. */
let twin: TestApp;

beforeAll(async () => {
  test = await startTestApp({ engines: { freestyle: freestyleEngine } });
  twin = await startTestApp({
    database: test.database,
    env: { PUBLIC_URL: test.baseUrl },
    engines: { freestyle: freestyleEngine },
  });
});
afterAll(async () => {
  await twin?.app.close();
  await test?.close();
});

const start = (app: TestApp, writer: Writer, prompt = 'Write about rivers.', headers: Record<string, string> = {}) =>
  app.request('/gen/freestyle', jsonRequest('POST', { inputs: { prompt } }, { ...writer.auth, ...headers }));

async function accountOf(writer: Writer) {
  const [user] = await test.database.db.select().from(users).where(eq(users.id, writer.userId));
  const results = await test.database.db.select().from(generations).where(eq(generations.userId, writer.userId));
  return { wordsUsed: user?.wordsUsed, results: results.length, holds: await holdsOf(writer) };
}

async function holdsOf(writer: Writer): Promise<number> {
  const holds = await test.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, RELEASE_WORDS_JOB.name), sql`${jobs.payload}->>'userId' = ${writer.userId}`));
  return holds.length;
}

async function expectRateLimited(response: Response, retryAfter: { min: number; max: number }) {
  expect(response.status).toBe(429);
  expect(await readBody(response)).toEqual({
    error: { code: 'rate_limited', message: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es erneut.' },
  });
  const seconds = Number(response.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(retryAfter.min);
  expect(seconds).toBeLessThanOrEqual(retryAfter.max);
}

describe('generation starts per minute', () => {
  it('refuses a user past the limit on every instance, charges nothing for it, and leaves others alone', async () => {
    const writer = await signUpSubscriber(test, 'many-starts@example.org');
    const other = await signUpSubscriber(test, 'few-starts@example.org');
    // Half on each instance: the window is one for the user, wherever the starts land.
    for (let index = 0; index < GENERATION_LIMITS.startsPerMinute; index++) {
      expect((await start(index % 2 === 0 ? test : twin, writer)).status).toBe(201);
    }
    const before = await accountOf(writer);
    expect(before.results).toBe(GENERATION_LIMITS.startsPerMinute);

    await expectRateLimited(await start(test, writer, 'One more.', { 'accept-language': 'de' }), { min: 1, max: 60 });
    await expectRateLimited(await start(twin, writer, 'One more.', { 'accept-language': 'de' }), { min: 1, max: 60 });
    const batch = await test.request(
      '/api/prompt_templates/freestyle/execute_batch',
      jsonRequest('POST', { inputs: [{ prompt: 'A batch.' }] }, { ...writer.auth, 'accept-language': 'de' }),
    );
    await expectRateLimited(batch, { min: 1, max: 60 });
    expect(await accountOf(writer)).toEqual(before);

    expect((await start(test, other)).status).toBe(201);
    // Once the minute is over, the user may start again.
    await test.database.db
      .update(userRateWindows)
      .set({ startedAt: sql`now() - interval '61 seconds'` })
      .where(eq(userRateWindows.userId, writer.userId));
    expect((await start(twin, writer)).status).toBe(201);
  });

  it('does not count a start refused for want of words', async () => {
    const writer = await signUpSubscriber(test, 'no-words-left@example.org');
    const setWordsUsed = (wordsUsed: number) =>
      test.database.db.update(users).set({ wordsUsed }).where(eq(users.id, writer.userId));
    await setWordsUsed(1_000_000_000);
    for (let index = 0; index <= GENERATION_LIMITS.startsPerMinute; index++) {
      const refused = await start(index % 2 === 0 ? test : twin, writer);
      expect(refused.status).toBe(402);
      expect((await readBody(refused)).error.code).toBe('word_limit_reached');
    }
    const windows = await test.database.db
      .select()
      .from(userRateWindows)
      .where(eq(userRateWindows.userId, writer.userId));
    expect(windows).toEqual([]);
    expect(await holdsOf(writer)).toBe(0);
    await setWordsUsed(0);
    expect((await start(test, writer)).status).toBe(201);
  });

  it('counts a batch as one start, however many runs it has', async () => {
    const writer = await signUpSubscriber(test, 'batches@example.org');
    for (let index = 0; index < GENERATION_LIMITS.startsPerMinute - 1; index++) {
      expect((await start(test, writer)).status).toBe(201);
    }
    const inputs = [{ prompt: 'First.' }, { prompt: 'Second.' }, { prompt: 'Third.' }];
    const batch = await test.request(
      '/api/prompt_templates/freestyle/execute_batch',
      jsonRequest('POST', { inputs }, writer.auth),
    );
    expect(batch.status).toBe(201);
    expect((await readBody(batch)).data).toHaveLength(3);
    expect((await start(test, writer)).status).toBe(429);
  });
});

describe('generation runs under way', () => {
  it('lets parallel starts on any instance run only up to the maximum, charging only those that ran', async () => {
    const writer = await signUpSubscriber(test, 'parallel@example.org');
    const other = await signUpSubscriber(test, 'calm@example.org');
    const german = { 'accept-language': 'de' };
    const attempts = Array.from({ length: GENERATION_LIMITS.running + 2 }, (_, index) =>
      start(index % 2 === 0 ? test : twin, writer, 'Write slowly.', german),
    );
    await until(async () => (await holdsOf(writer)) === GENERATION_LIMITS.running);
    expect((await start(test, other)).status).toBe(201);

    const responses = await Promise.all(attempts);
    const refused = responses.filter((response) => response.status === 429);
    expect(responses.filter((response) => response.status === 201)).toHaveLength(GENERATION_LIMITS.running);
    expect(refused).toHaveLength(2);
    for (const response of refused) await expectRateLimited(response, { min: 1, max: 10 });
    // Seven words for each run that ran, nothing for the refused ones, no reservation left behind.
    expect(await accountOf(writer)).toEqual({
      wordsUsed: 7 * GENERATION_LIMITS.running,
      results: GENERATION_LIMITS.running,
      holds: 0,
    });
    expect((await start(test, writer)).status).toBe(201);
  });

  it('lets the app options raise the limits (for benchmarks and load tests)', async () => {
    const raised = await startTestApp({
      database: test.database,
      env: { PUBLIC_URL: test.baseUrl },
      engines: { freestyle: freestyleEngine },
      generationLimits: { startsPerMinute: 100, running: 10 },
    });
    try {
      const writer = await signUpSubscriber(test, 'bench@example.org');
      const responses = await Promise.all(Array.from({ length: 8 }, () => start(raised, writer, 'Write slowly.')));
      expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 8 }, () => 201));
    } finally {
      await raised.app.close();
    }
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the other model calls per minute', () => {
  it('limits generated decks, detector runs and proofreading with rewrites, each on its own, not plain checks', async () => {
    const lowered = await startTestApp({
      database: test.database,
      env: { PUBLIC_URL: test.baseUrl },
      generationLimits: { startsPerMinute: 2, running: 4 },
    });
    try {
      const writer = await signUpSubscriber(test, 'model-calls@example.org');
      const call = (path: string, body: unknown) =>
        lowered.request(path, jsonRequest('POST', body, { ...writer.auth, 'accept-language': 'de' }));
      const calls = {
        deck: () => call('/api/cards/decks', { text: ENGLISH_TEXT, count: 5 }),
        detector: () => call('/gen/ai-detector', { inputs: { text: ENGLISH_TEXT } }),
        rewrites: () => call('/gen/proofreading', { inputs: { text: ENGLISH_TEXT, language: 'en', rewrites: true } }),
      };
      const succeeded = { deck: 201, detector: 200, rewrites: 200 };
      for (const kind of ['deck', 'detector', 'rewrites'] as const) {
        for (let index = 0; index < 2; index++) expect((await calls[kind]()).status).toBe(succeeded[kind]);
        await expectRateLimited(await calls[kind](), { min: 1, max: 60 });
      }
      const plain = () => call('/gen/proofreading', { inputs: { text: ENGLISH_TEXT, language: 'en' } });
      for (let index = 0; index < 3; index++) expect((await plain()).status).toBe(200);
    } finally {
      await lowered.app.close();
    }
  });
});
