import type { GenerationResult } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations, users } from '../../db/schema';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fake-openai';
import { type LogRecorder, recordLogs } from '../../test/log-recorder';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { addSource, paragraphEngine, signUpSubscriber, sseFrames, type Writer } from './generation.test-kit';

let fake: FakeOpenAi;
let test: TestApp;
let writer: Writer;
let sourceId: string;
/** The app's log: a cancelled run says when its handling ended, and that nothing was stored or charged. */
let logs: LogRecorder;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  logs = recordLogs();
  test = await startTestApp({
    logs,
    env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: `${fake.url}/v1`, AI_MODEL: 'fake', AI_MAX_RETRIES: '2' },
    engines: { 'write-chapter': paragraphEngine() },
  });
  writer = await signUpSubscriber(test, 'modeller@example.org');
  sourceId = await addSource(test, writer.userId, {
    title: 'Light and plants',
    passages: ['Photosynthesis converts light energy into chemical energy in plants.'],
  });
});
beforeEach(async () => {
  fake.reset();
  logs.lines.length = 0;
  await test.database.db.delete(generations);
  await test.database.db.update(users).set({ wordsUsed: 0 });
});
afterAll(async () => {
  await test.close();
  await fake.close();
});

const chapter = {
  headline: 'How plants use light',
  topic: 'Photosynthesis',
  outline: '1. Light',
  source_type: 'quality_with_sources',
  source_ids: [] as string[],
};
const run = (headers: Record<string, string> = {}, init: RequestInit = {}) =>
  test.request('/gen/write-chapter', {
    ...jsonRequest('POST', { inputs: { ...chapter, source_ids: [sourceId] } }, { ...writer.auth, ...headers }),
    ...init,
  });

const charged = async () =>
  (await test.database.db.select().from(users).where(eq(users.id, writer.userId)))[0]?.wordsUsed;
const stored = async () => (await test.database.db.select().from(generations)).length;

describe('a writing tool on a language model', () => {
  it('streams the stages, then the model text as it is written, then the stored result', async () => {
    const pieces = ['Plants ', 'turn light ', 'into sugar.'];
    fake.reply({ chunks: pieces, chunkDelayMs: 100 });
    const started = Date.now();
    const response = await run({ accept: 'text/event-stream' });
    const arrivals: { at: number; text: string }[] = [];
    const decoder = new TextDecoder();
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      arrivals.push({ at: Date.now() - started, text: decoder.decode(bytes, { stream: true }) });
    }
    const frames = sseFrames(arrivals.map((arrival) => arrival.text).join(''));
    expect(frames.map((frame) => (frame.event === 'stage' ? frame.data.stage : frame.event))).toEqual([
      'processing_sources',
      'creating_plan',
      'writing',
      'delta',
      'delta',
      'delta',
      'done',
    ]);
    expect(frames.filter((frame) => frame.event === 'delta').map((frame) => frame.data.text)).toEqual(pieces);
    const result = frames.at(-1)?.data.result as GenerationResult;
    expect(result).toMatchObject({ text: 'Plants turn light into sugar.', words_used: 5 });
    expect(result.engine).toEqual({ kind: 'model', model: 'fake' });
    expect(await charged()).toBe(5);
    // The first piece reached the client while the model was still writing.
    const firstDelta = arrivals.find((arrival) => arrival.text.includes('event: delta'));
    expect((arrivals.at(-1)?.at ?? 0) - (firstDelta?.at ?? 0)).toBeGreaterThan(150);
  });

  it('cancels the model call when the client goes away, and stores and charges nothing', async () => {
    fake.reply({ text: 'one two three four five six seven eight', chunkDelayMs: 150 });
    const controller = new AbortController();
    const response = await run({ accept: 'text/event-stream' }, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    while (!received.includes('event: delta')) received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const [request] = fake.completions();
    await request?.closed;
    expect(request?.aborted).toBe(true);
    // The handler is done once it says so; only then is "nothing stored" a fact rather than a race.
    await logs.line('the client left while its text was written; nothing was stored or charged');
    expect(await stored()).toBe(0);
    expect(await charged()).toBe(0);
  });

  it('retries a 429 and then writes', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '0' } });
    fake.reply('Plants need light.');
    const response = await run();
    expect(response.status).toBe(201);
    expect((await readBody(response)).data.text).toBe('Plants need light.');
    expect(fake.completions()).toHaveLength(2);
    expect(await charged()).toBe(3);
  });

  it('answers a provider failure with the translated error, and stores and charges nothing', async () => {
    fake.reply({ status: 500, headers: { 'retry-after-ms': '5' } });
    const json = await run({ 'accept-language': 'de' });
    expect(json.status).toBe(502);
    expect((await readBody(json)).error).toEqual({
      code: 'model_failed',
      message:
        'Das Sprachmodell hat nicht richtig geantwortet. Es wurde nichts berechnet; bitte versuche es gleich noch einmal.',
    });
    const streamed = await run({ accept: 'text/event-stream' });
    expect(sseFrames(await streamed.text()).at(-1)).toEqual({
      event: 'error',
      data: {
        type: 'error',
        code: 'model_failed',
        message: 'The language model did not answer properly. Nothing was charged; please try again in a moment.',
      },
    });
    // Three attempts per run: the first and two retries.
    expect(fake.completions()).toHaveLength(6);
    expect(await stored()).toBe(0);
    expect(await charged()).toBe(0);
  });
});
