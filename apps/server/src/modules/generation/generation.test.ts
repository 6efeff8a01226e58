import { GenerationResult } from '@quire/contracts';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations, sources, users } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import type { ToolRun } from './engine-types';
import {
  addSource,
  paragraphEngine,
  signUpSubscriber,
  signUpWriter,
  sseFrames,
  type Writer,
} from './generation.test-kit';

// biome-ignore lint/suspicious/noExplicitAny: the recorded runs of the test engine
const runs: ToolRun<any>[] = [];
let test: TestApp;
let writer: Writer;
let other: Writer;
const ids = { light: '', chlorophyll: '', processing: '', failed: '', othersSource: '' };

const LIGHT = 'Photosynthesis converts light energy into chemical energy in plants.';
const CHLOROPHYLL = 'Chlorophyll absorbs mostly blue and red light in leaves.';
/** Each paragraph is a passage (9 words) plus "(Writer, 2020)": 10 words; the reference list is free. */
const WORDS_OF_TWO_PARAGRAPHS = 20;

beforeAll(async () => {
  test = await startTestApp({
    engines: {
      'write-chapter': paragraphEngine(runs),
      freestyle: paragraphEngine([], { text: ' \n ' }),
    },
  });
  writer = await signUpSubscriber(test, 'writer@example.org');
  other = await signUpSubscriber(test, 'other@example.org');
  ids.light = await addSource(test, writer.userId, { title: 'Light and plants', passages: [LIGHT] });
  ids.chlorophyll = await addSource(test, writer.userId, {
    title: 'Leaves',
    passages: ['Leaves are green.', CHLOROPHYLL],
  });
  ids.processing = await addSource(test, writer.userId, {
    title: 'Unfinished',
    passages: ['Photosynthesis in unfinished sources.'],
    state: 'processing',
  });
  ids.failed = await addSource(test, writer.userId, {
    title: 'Broken',
    passages: ['Photosynthesis in broken sources.'],
    state: 'failed',
  });
  ids.othersSource = await addSource(test, other.userId, { title: 'Secret', passages: ['Photosynthesis secrets.'] });
});
afterAll(() => test.close());
beforeEach(async () => {
  runs.length = 0;
  await test.database.db.delete(generations);
  await test.database.db.update(users).set({ wordsUsed: 0 });
});

const chapter = (overrides: Record<string, unknown> = {}) => ({
  headline: 'How plants use light',
  topic: 'Photosynthesis',
  outline: '1. Light\n2. Chlorophyll',
  source_type: 'quality_with_sources',
  source_ids: [ids.light, ids.chlorophyll, ids.processing, ids.failed],
  ...overrides,
});

const run = (inputs: unknown, headers: Record<string, string> = {}, user = writer) =>
  test.request('/gen/write-chapter', jsonRequest('POST', { inputs }, { ...user.auth, ...headers }));

const wordsUsed = async (user: Writer) =>
  (await test.database.db.select().from(users).where(eq(users.id, user.userId)))[0]?.wordsUsed;
const storedResults = async () => (await test.database.db.select().from(generations)).length;

describe('running a writing tool', () => {
  it('needs a signed-in user', async () => {
    expect((await test.request('/gen/write-chapter', jsonRequest('POST', { inputs: chapter() }))).status).toBe(401);
  });

  it('validates the inputs with the tool contract and answers the spec messages, translated', async () => {
    const { headline: _, ...withoutHeadline } = chapter();
    const english = await run(withoutHeadline);
    expect(english.status).toBe(400);
    const body = await readBody(english);
    expect(body.error.code).toBe('validation_error');
    expect(body.error.details.fields).toEqual([{ path: 'headline', message: 'Focus of the chapter is required' }]);
    const german = await readBody(await run({ ...withoutHeadline, topic: '' }, { 'accept-language': 'de' }));
    expect(german.error.details.fields).toEqual(
      expect.arrayContaining([
        { path: 'headline', message: 'Schwerpunkt des Kapitels ist erforderlich' },
        { path: 'topic', message: expect.stringMatching(/^Thema /) },
      ]),
    );
    expect(runs).toHaveLength(0);
  });

  it('answers 404 for a tool that does not run here', async () => {
    for (const slug of ['nonsense', 'find-sources']) {
      const response = await test.request(`/gen/${slug}`, jsonRequest('POST', { inputs: {} }, writer.auth));
      expect(response.status).toBe(404);
    }
  });

  it('writes from the usable chosen sources only, stores the result and charges its words without the references', async () => {
    await test.database.db.update(sources).set({ lastUsedAt: null });
    const response = await run(chapter({ language: 'de', citation_style: 'ieee' }));
    expect(response.status).toBe(201);
    const { data } = await readBody(response);
    expect(GenerationResult.parse(data)).toEqual(data);
    expect(data).toMatchObject({
      slug: 'write-chapter',
      words_used: WORDS_OF_TWO_PARAGRAPHS,
      engine: { kind: 'builtin', model: null },
      inputs: { headline: 'How plants use light', length: 'normal', citation_style: 'ieee' },
    });
    expect(data.text).toContain(`${LIGHT} (Writer, 2020)`);
    expect(data.citations.map((citation: { sourceId: string }) => citation.sourceId)).toEqual([
      ids.light,
      ids.chlorophyll,
    ]);
    expect(await wordsUsed(writer)).toBe(WORDS_OF_TWO_PARAGRAPHS);
    // The statement that stores the result also marks the cited sources, and only them, as just used.
    const marked = await test.database.db.select().from(sources).where(isNotNull(sources.lastUsedAt));
    expect(marked.map((source) => source.id).sort()).toEqual([ids.light, ids.chlorophyll].sort());

    const [given] = runs;
    expect(given?.sources.map((source) => source.id)).toEqual([ids.light, ids.chlorophyll]);
    expect(given).toMatchObject({ language: 'de', locale: 'en', citationStyle: 'ieee', slug: 'write-chapter' });
    // The passage that matches the task comes first, with its page.
    expect(given?.sources[1]?.passages[0]).toMatchObject({ text: CHLOROPHYLL, pageStart: 2, pageEnd: 2 });
  });

  it("does not run with another user's source, and charges nothing", async () => {
    const response = await run(chapter({ source_ids: [ids.light, ids.othersSource] }));
    expect(response.status).toBe(404);
    expect(runs).toHaveLength(0);
    expect(await wordsUsed(writer)).toBe(0);
    expect(await storedResults()).toBe(0);
  });

  it('streams the stages in order and the text before the stored result', async () => {
    const response = await run(chapter(), { accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = sseFrames(await response.text());
    expect(frames.map((frame) => frame.event)).toEqual(['stage', 'stage', 'stage', 'delta', 'delta', 'done']);
    expect(frames.filter((frame) => frame.event === 'stage').map((frame) => frame.data.stage)).toEqual([
      'processing_sources',
      'creating_plan',
      'writing',
    ]);
    expect(frames.every((frame) => frame.data.type === frame.event)).toBe(true);
    expect(frames[3]?.data.text).toBe(`${LIGHT} (Writer, 2020)\n\n`);
    const done = frames.at(-1)?.data.result as GenerationResult;
    const stored = await test.database.db.select().from(generations);
    expect(stored.map((row) => row.id)).toEqual([done.id]);
    expect(done.words_used).toBe(WORDS_OF_TWO_PARAGRAPHS);
  });

  it('answers an empty result with the translated error and charges nothing', async () => {
    const json = await test.request(
      '/gen/freestyle',
      jsonRequest('POST', { inputs: { prompt: 'Anything' } }, { ...writer.auth, 'accept-language': 'de' }),
    );
    expect(json.status).toBe(502);
    expect((await readBody(json)).error).toEqual({
      code: 'empty_result',
      message: 'Etwas ist schief gelaufen. Bitte versuche es erneut.',
    });
    const streamed = await test.request(
      '/gen/freestyle',
      jsonRequest('POST', { inputs: { prompt: 'Anything' } }, { ...writer.auth, accept: 'text/event-stream' }),
    );
    expect(sseFrames(await streamed.text()).at(-1)).toEqual({
      event: 'error',
      data: { type: 'error', code: 'empty_result', message: 'Something went wrong. Please try again.' },
    });
    expect(await wordsUsed(writer)).toBe(0);
    expect(await storedResults()).toBe(0);
  });

  it('refuses to run when the words are used up, before the tool runs', async () => {
    await test.database.db.update(users).set({ wordsUsed: 10_000, wordsExtra: 0 }).where(eq(users.id, writer.userId));
    for (const accept of ['application/json', 'text/event-stream']) {
      const response = await run(chapter(), { accept, 'accept-language': 'de' });
      expect(response.status).toBe(402);
      expect((await readBody(response)).error).toEqual({
        code: 'word_limit_reached',
        message: 'Du hast alle deine Wörter verbraucht. Wähle einen größeren Tarif oder kaufe zusätzliche Wörter.',
      });
    }
    expect(runs).toHaveLength(0);
    expect(await wordsUsed(writer)).toBe(10_000);
  });

  it('runs through the template calls of the main API: execute and execute_batch', async () => {
    const single = await test.request(
      '/api/prompt_templates/write-chapter/execute',
      jsonRequest('POST', { inputs: chapter() }, writer.auth),
    );
    expect(single.status).toBe(201);
    expect((await readBody(single)).data.words_used).toBe(WORDS_OF_TWO_PARAGRAPHS);

    const batch = await test.request(
      '/api/prompt_templates/write-chapter/execute_batch',
      jsonRequest('POST', { inputs: [chapter(), chapter({ source_ids: [ids.light] })] }, writer.auth),
    );
    expect(batch.status).toBe(201);
    const { data } = await readBody(batch);
    expect(data.map((result: GenerationResult) => result.words_used)).toEqual([WORDS_OF_TWO_PARAGRAPHS, 10]);
    expect(await wordsUsed(writer)).toBe(2 * WORDS_OF_TWO_PARAGRAPHS + 10);

    // One invalid set of inputs and none of them runs.
    const invalid = await test.request(
      '/api/prompt_templates/write-chapter/execute_batch',
      jsonRequest('POST', { inputs: [chapter(), chapter({ outline: '' })] }, writer.auth),
    );
    expect(invalid.status).toBe(400);
    expect(runs).toHaveLength(3);
  });
});

describe('history', () => {
  const listed = async (path: string, user = writer) =>
    (await readBody(await test.request(path, { headers: user.auth }))).data as GenerationResult[];

  it("lists the user's results of a tool newest first, through both calls", async () => {
    const first = (await readBody(await run(chapter({ topic: 'First' })))).data;
    const second = (await readBody(await run(chapter({ topic: 'Second' })))).data;
    await run(chapter({ source_ids: [] }), {}, other);

    const history = await listed('/gen/history?feature=write-chapter');
    expect(history.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(history[0]).toEqual(second);
    expect(history[0]?.inputs.topic).toBe('Second');
    expect(await listed('/api/prompts?prompt_template=write-chapter')).toEqual(history);
    expect(await listed('/gen/history?feature=summarize')).toEqual([]);
    expect((await test.request('/gen/history', { headers: writer.auth })).status).toBe(400);
  });

  it("deletes the user's own result; another user's id is not found and stays", async () => {
    const mine = (await readBody(await run(chapter()))).data;
    const theirs = (await readBody(await run(chapter({ source_ids: [] }), {}, other))).data;
    const remove = (id: string) => test.request(`/gen/history/${id}`, { method: 'DELETE', headers: writer.auth });

    const deleted = await remove(mine.id);
    expect(deleted.status).toBe(200);
    expect((await readBody(deleted)).data).toEqual({ deleted: true });
    expect(await listed('/gen/history?feature=write-chapter')).toEqual([]);
    expect((await remove(mine.id)).status).toBe(404);

    expect((await remove(theirs.id)).status).toBe(404);
    expect((await remove('not-a-uuid')).status).toBe(404);
    expect((await listed('/gen/history?feature=write-chapter', other)).map((item) => item.id)).toEqual([theirs.id]);
  });
});

describe('plans and tools', () => {
  it('refuses a writing tool the free plan does not include, before anything runs, and allows summarize', async () => {
    const free = await signUpWriter(test, 'free-writer@example.org');
    const refused = await test.request(
      '/gen/write-chapter',
      jsonRequest('POST', { inputs: chapter() }, { ...free.auth, 'accept-language': 'de' }),
    );
    expect(refused.status).toBe(402);
    expect((await readBody(refused)).error).toEqual({
      code: 'subscription_required',
      message: 'Du brauchst ein Abo, um dieses Tool zu nutzen.',
    });
    const summary = await test.request(
      '/gen/summarize',
      jsonRequest('POST', { inputs: { text: 'Plants turn light into sugar. They need water. They grow.' } }, free.auth),
    );
    expect(summary.status).not.toBe(402);
  });
});
