import { GenerationResult, OwnApp, type OwnAppDefinitionInput } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations, users } from '../../db/schema';
import { translator } from '../../http/i18n';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { addSource, signUpSubscriber, signUpWriter, sseFrames, type Writer } from '../generation/generation.test-kit';

/** Own applications on the built-in engine: the same endpoints, quota and history as the built-in tools. */
let test: TestApp;
let reader: Writer;
let newcomer: Writer;
let free: Writer;
let app: OwnApp;
let newcomersApp: OwnApp;

const LIGHT = 'Photosynthesis converts light energy into chemical energy in plants.';
const CHLOROPHYLL = 'Chlorophyll absorbs mostly blue and red light in green leaves.';

const EXPLAINER: OwnAppDefinitionInput = {
  name: 'Concept explainer',
  inputs: [
    { key: 'concept', label: 'Concept', max_length: 200 },
    { key: 'audience', label: 'Audience', required: false },
  ],
  prompt: 'Explain {concept} to {audience} in plain words.',
};

async function createApp(user: Writer, definition = EXPLAINER): Promise<OwnApp> {
  const response = await test.request('/api/own_apps', jsonRequest('POST', definition, user.auth));
  return OwnApp.parse((await readBody(response)).data);
}

beforeAll(async () => {
  test = await startTestApp();
  reader = await signUpSubscriber(test, 'reader@example.org');
  newcomer = await signUpSubscriber(test, 'newcomer@example.org');
  free = await signUpWriter(test, 'free@example.org');
  await addSource(test, reader.userId, { title: 'Light and plants', passages: [LIGHT] });
  await addSource(test, reader.userId, { title: 'Leaves', passages: ['Leaves are green.', CHLOROPHYLL] });
  app = await createApp(reader);
  newcomersApp = await createApp(newcomer);
});
afterAll(() => test.close());
beforeEach(async () => {
  await test.database.db.delete(generations);
  await test.database.db.update(users).set({ wordsUsed: 0 });
});

const execute = (slug: string, inputs: unknown, user: Writer, headers: Record<string, string> = {}) =>
  test.request(`/api/prompt_templates/${slug}/execute`, jsonRequest('POST', { inputs }, { ...user.auth, ...headers }));
const wordsUsed = async (user: Writer) =>
  (await test.database.db.select().from(users).where(eq(users.id, user.userId)))[0]?.wordsUsed;
const stored = () => test.database.db.select().from(generations);

describe('an own application on the built-in engine', () => {
  it('answers from the sources that cover its inputs, cited, and charges its words once', async () => {
    const response = await execute(app.slug, { concept: 'how photosynthesis converts light energy' }, reader);
    expect(response.status).toBe(201);
    const result = GenerationResult.parse((await readBody(response)).data);
    expect(result.slug).toBe(app.slug);
    expect(result.engine).toEqual({ kind: 'builtin', model: null });
    expect(result.text.startsWith(translator('en')('engine:ownApps.intro', { name: 'Concept explainer' }))).toBe(true);
    expect(result.text).toContain(LIGHT.replace(/\.$/, ''));
    expect(result.citations.map((citation) => citation.passage)).toContain(LIGHT);
    expect(result.inputs).toEqual({ concept: 'how photosynthesis converts light energy' });
    expect(await wordsUsed(reader)).toBe(result.words_used);
    const rows = await stored();
    expect(rows.map((row) => [row.slug, row.wordsUsed])).toEqual([[app.slug, result.words_used]]);
  });

  it('says, in the request language, that it needs a model or sources when the user has none', async () => {
    const response = await execute(newcomersApp.slug, { concept: 'photosynthesis' }, newcomer, {
      'accept-language': 'de',
    });
    expect(response.status).toBe(201);
    const result = GenerationResult.parse((await readBody(response)).data);
    expect(result.text).toBe(translator('de')('engine:ownApps.needsModel', { name: 'Concept explainer' }));
    expect(result.text).toContain('Sprachmodell');
    expect(result.citations).toEqual([]);
    // A notice instead of the task's result costs no words.
    expect(result.words_used).toBe(0);
    expect(await wordsUsed(newcomer)).toBe(0);
  });

  it('says that none of the sources covers a request they do not answer', async () => {
    const response = await execute(app.slug, { concept: 'medieval castle architecture in Wales' }, reader);
    const result = GenerationResult.parse((await readBody(response)).data);
    expect(result.text).toBe(translator('en')('engine:ownApps.notCovered', { name: 'Concept explainer' }));
    expect(result.words_used).toBe(0);
  });

  it('streams its stages and text, then the stored result, when asked for events', async () => {
    const response = await execute(app.slug, { concept: 'chlorophyll absorbs red light' }, reader, {
      accept: 'text/event-stream',
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const frames = sseFrames(await response.text());
    expect(frames.filter((frame) => frame.event === 'stage').map((frame) => frame.data.stage)).toEqual([
      'processing_sources',
      'creating_plan',
      'writing',
    ]);
    const done = frames.at(-1);
    expect(done?.event).toBe('done');
    const result = GenerationResult.parse(done?.data.result);
    expect(result.text).toContain('Chlorophyll absorbs mostly blue and red light');
    const streamed = frames.filter((frame) => frame.event === 'delta').map((frame) => frame.data.text);
    expect(streamed.join('')).toBe(result.text);
  });

  it('runs through /gen and execute_batch too, and its history lists its results for its owner only', async () => {
    const viaGen = await test.request(
      `/gen/${app.slug}`,
      jsonRequest('POST', { inputs: { concept: 'photosynthesis light energy' } }, reader.auth),
    );
    expect(viaGen.status).toBe(201);
    const batch = await test.request(
      `/api/prompt_templates/${app.slug}/execute_batch`,
      jsonRequest(
        'POST',
        { inputs: [{ concept: 'chlorophyll light' }, { concept: 'light energy plants' }] },
        reader.auth,
      ),
    );
    expect(batch.status).toBe(201);
    expect((await readBody(batch)).data).toHaveLength(2);

    const prompts = await test.request(`/api/prompts?prompt_template=${app.slug}`, { headers: reader.auth });
    const history = (await readBody(prompts)).data as GenerationResult[];
    expect(history.map((item) => item.inputs.concept)).toEqual([
      'light energy plants',
      'chlorophyll light',
      'photosynthesis light energy',
    ]);
    const gen = await test.request(`/gen/history?feature=${app.slug}`, { headers: reader.auth });
    expect((await readBody(gen)).data).toEqual(history);
    const others = await test.request(`/api/prompts?prompt_template=${app.slug}`, { headers: newcomer.auth });
    expect((await readBody(others)).data).toEqual([]);
    expect((await test.request('/api/prompts?prompt_template=own-nonsense', { headers: reader.auth })).status).toBe(
      400,
    );
  });

  it('checks the inputs against its own definitions before anything is charged', async () => {
    const cases: [unknown, string][] = [
      [{}, 'concept'],
      [{ concept: '   ' }, 'concept'],
      [{ concept: 'x'.repeat(201) }, 'concept'],
      [{ concept: 'photosynthesis', mood: 'cheerful' }, 'mood'],
      [{ concept: 'photosynthesis', language: 'la' }, 'language'],
      [{ concept: 42 }, 'concept'],
    ];
    for (const [inputs, field] of cases) {
      const response = await execute(app.slug, inputs, reader);
      expect(response.status).toBe(400);
      const { error } = await readBody(response);
      expect(error.code).toBe('validation_error');
      expect(error.details.fields.map((each: { path: string }) => each.path)).toEqual([field]);
    }
    expect(await stored()).toEqual([]);
    expect(await wordsUsed(reader)).toBe(0);
  });

  it("is not found for anyone but its owner, nor after it was deleted, and needs freestyle's plan", async () => {
    expect((await execute(app.slug, { concept: 'photosynthesis' }, newcomer)).status).toBe(404);
    expect((await execute('own-00000000-0000-4000-8000-000000000000', { concept: 'x' }, reader)).status).toBe(404);

    const freeApp = await createApp(free);
    const refused = await execute(freeApp.slug, { concept: 'photosynthesis' }, free, { 'accept-language': 'de' });
    expect(refused.status).toBe(402);
    expect((await readBody(refused)).error).toEqual({
      code: 'subscription_required',
      message: 'Du brauchst ein Abo, um dieses Tool zu nutzen.',
    });

    const gone = await createApp(reader);
    await test.request(`/api/own_apps/${gone.id}`, { method: 'DELETE', headers: reader.auth });
    expect((await execute(gone.slug, { concept: 'photosynthesis' }, reader)).status).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it('refuses a run when no words are left', async () => {
    await test.database.db.update(users).set({ wordsUsed: 10_000, wordsExtra: 0 }).where(eq(users.id, reader.userId));
    const response = await execute(app.slug, { concept: 'photosynthesis' }, reader);
    expect(response.status).toBe(402);
    expect((await readBody(response)).error.code).toBe('word_limit_reached');
    expect(await stored()).toEqual([]);
  });
});
