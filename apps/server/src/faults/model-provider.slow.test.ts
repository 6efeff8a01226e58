import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations, jobs, users } from '../db/schema';
import { signUpWriter, sseFrames, type Writer } from '../modules/generation/generation.test-kit';
import { type FakeOpenAi, type FakeReply, startFakeOpenAi } from '../test/fake-openai';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../test/test-app';

/**
 * The language-model provider misbehaving (issue 11): hanging, going silent after the headers, answering
 * 500 or 429 for good, or streaming broken JSON. Each run ends within the configured timeout with the
 * translated model error, gives its words back, stores nothing, and leaves no connection open.
 *
 * Covered elsewhere and not repeated here: the gateway's own handling of each case
 * (ai/gateway.test.ts), a 500 and a retried 429 through the HTTP API and a client that leaves
 * (modules/generation/generation.model.test.ts).
 */

const TIMEOUT_MS = 1_500;
let fake: FakeOpenAi;
let test: TestApp;
let writer: Writer;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  test = await startTestApp({
    env: {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `${fake.url}/v1`,
      AI_MODEL: 'fake',
      AI_TIMEOUT_MS: String(TIMEOUT_MS),
      AI_MAX_RETRIES: '1',
    },
    // One writer runs every case twice and checks the server after each: more starts than a person's minute.
    generationLimits: { startsPerMinute: 1_000, running: 4 },
  });
  writer = await signUpWriter(test, 'provider-faults@example.org');
});
beforeEach(async () => {
  fake.reset();
  await test.database.db.delete(generations);
  await test.database.db.update(users).set({ wordsUsed: 0 });
});
afterAll(async () => {
  await test.close();
  await fake.close();
});

const summarize = (accept: string, locale = 'en') =>
  test.request(
    '/gen/summarize',
    jsonRequest(
      'POST',
      { inputs: { text: 'Rainfall and slope shape erosion on hillsides over many years.' } },
      { ...writer.auth, accept, 'accept-language': locale },
    ),
  );
const wordsUsed = async () => (await test.database.db.select().from(users))[0]?.wordsUsed;
const stored = async () => (await test.database.db.select().from(generations)).length;
/** Reservations still held: a refunded run leaves none behind to fire later. */
const holds = async () => (await test.database.db.select().from(jobs)).length;

/** Every connection the server opened to the provider was closed. */
async function providerConnectionsClosed() {
  const requests = fake.completions();
  expect(requests.length).toBeGreaterThan(0);
  await Promise.all(requests.map((request) => request.closed));
}

/** The server still answers at once: nothing it holds is stuck. */
async function serverStillServes() {
  fake.reset();
  fake.reply('Erosion follows rainfall.');
  const response = await summarize('application/json');
  expect(response.status).toBe(201);
  await test.database.db.delete(generations);
  await test.database.db.update(users).set({ wordsUsed: 0 });
}

const cases: { name: string; reply: FakeReply; code: 'model_timeout' | 'model_failed'; status: number }[] = [
  { name: 'hangs without sending a byte', reply: { hang: true }, code: 'model_timeout', status: 504 },
  { name: 'sends the headers, then nothing', reply: { stallAfterChunks: 0 }, code: 'model_timeout', status: 504 },
  { name: 'stalls halfway through the stream', reply: { stallAfterChunks: 2 }, code: 'model_timeout', status: 504 },
  {
    name: 'answers 500 every time',
    reply: { status: 500, headers: { 'retry-after-ms': '5' } },
    code: 'model_failed',
    status: 502,
  },
  {
    name: 'answers 429 with Retry-After every time',
    reply: { status: 429, headers: { 'retry-after': '0' } },
    code: 'model_failed',
    status: 502,
  },
  {
    name: 'streams malformed JSON',
    reply: { malformed: true, text: 'Erosion follows rain.' },
    code: 'model_failed',
    status: 502,
  },
];

describe('a language-model provider that misbehaves', () => {
  for (const { name, reply, code, status } of cases) {
    it(`${name}: the JSON answer is the translated ${code}, nothing is charged or stored`, async () => {
      fake.reply(reply);
      const started = Date.now();
      const response = await summarize('application/json', 'fr');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3_000);
      expect(response.status).toBe(status);
      const { error } = await readBody(response);
      expect(error.code).toBe(code);
      expect(error.message).toMatch(/modèle de langage/);
      expect(JSON.stringify(error)).not.toMatch(/Fake provider|stack|at \w+ \(/);
      expect(await wordsUsed()).toBe(0);
      expect(await stored()).toBe(0);
      expect(await holds()).toBe(0);
      await providerConnectionsClosed();
      await serverStillServes();
    });

    it(`${name}: the stream ends with the ${code} event, nothing is charged or stored`, async () => {
      fake.reply(reply);
      const started = Date.now();
      const response = await summarize('text/event-stream');
      const frames = sseFrames(await response.text());
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3_000);
      expect(frames.at(-1)).toMatchObject({ event: 'error', data: { type: 'error', code } });
      expect(frames.some((frame) => frame.event === 'done')).toBe(false);
      expect(await wordsUsed()).toBe(0);
      expect(await stored()).toBe(0);
      expect(await holds()).toBe(0);
      await providerConnectionsClosed();
      await serverStillServes();
    });
  }
});
