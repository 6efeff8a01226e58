import { FEATURE_SLUGS, OWN_APP_LIMITS, OwnApp, type OwnAppDefinitionInput, type Template } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations, ownApps, templateFavourites } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { signUpWriter, type Writer } from '../generation/generation.test-kit';

let test: TestApp;
let writer: Writer;
let other: Writer;

beforeAll(async () => {
  test = await startTestApp();
  writer = await signUpWriter(test, 'builder@example.org');
  other = await signUpWriter(test, 'nosy@example.org');
});
afterAll(() => test.close());
beforeEach(async () => {
  await test.database.db.delete(ownApps);
  await test.database.db.delete(templateFavourites);
});

const GLOSSARY: OwnAppDefinitionInput = {
  name: 'Glossary entry',
  description: 'Explains a term for first-year students.',
  inputs: [
    { key: 'term', label: 'Term', max_length: 100 },
    { key: 'field', label: 'Field of study', required: false, multiline: true },
  ],
  prompt: 'Explain the term {term} as used in {field}, in three sentences.',
};

const create = (definition: unknown, user = writer, headers: Record<string, string> = {}) =>
  test.request('/api/own_apps', jsonRequest('POST', definition, { ...user.auth, ...headers }));
const createdApp = async (definition: OwnAppDefinitionInput = GLOSSARY, user = writer) =>
  OwnApp.parse((await readBody(await create(definition, user))).data);
const list = async (user = writer) =>
  (await readBody(await test.request('/api/own_apps', { headers: user.auth }))).data as OwnApp[];
const templates = async (user = writer) =>
  (await readBody(await test.request('/api/prompt_templates', { headers: user.auth }))).data as Template[];
const toggle = (slug: string, user = writer) =>
  test.request(`/api/prompt_templates/${slug}/favourite`, { method: 'POST', headers: user.auth });

describe('own applications', () => {
  it('need a signed-in user', async () => {
    expect((await test.request('/api/own_apps')).status).toBe(401);
    expect((await test.request('/api/own_apps', jsonRequest('POST', GLOSSARY))).status).toBe(401);
  });

  it('are created with their defaults, read, listed newest first, changed and deleted', async () => {
    const response = await create(GLOSSARY);
    expect(response.status).toBe(201);
    const app = OwnApp.parse((await readBody(response)).data);
    expect(app).toMatchObject({
      slug: `own-${app.id}`,
      name: 'Glossary entry',
      inputs: [
        { key: 'term', label: 'Term', max_length: 100, multiline: false, required: true },
        { key: 'field', label: 'Field of study', max_length: 2_000, multiline: true, required: false },
      ],
    });
    const second = await createdApp({ ...GLOSSARY, name: 'Second' });
    expect((await list()).map((each) => each.name)).toEqual(['Second', 'Glossary entry']);

    const read = await test.request(`/api/own_apps/${app.id}`, { headers: writer.auth });
    expect((await readBody(read)).data).toEqual(app);

    const changed = await test.request(
      `/api/own_apps/${app.id}`,
      jsonRequest('PUT', { ...GLOSSARY, name: 'Glossary', prompt: 'Define {term}.' }, writer.auth),
    );
    expect(changed.status).toBe(200);
    const updated = OwnApp.parse((await readBody(changed)).data);
    expect(updated).toMatchObject({ id: app.id, name: 'Glossary', prompt: 'Define {term}.' });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(app.updated_at));

    const deleted = await test.request(`/api/own_apps/${second.id}`, { method: 'DELETE', headers: writer.auth });
    expect((await readBody(deleted)).data).toEqual({ deleted: true });
    expect((await list()).map((each) => each.id)).toEqual([app.id]);
    expect((await test.request(`/api/own_apps/${second.id}`, { headers: writer.auth })).status).toBe(404);
  });

  it('refuses duplicate keys and unknown placeholders with translated field messages', async () => {
    const response = await create(
      {
        ...GLOSSARY,
        inputs: [
          { key: 'term', label: 'Term' },
          { key: 'term', label: 'Another term' },
        ],
        prompt: 'Explain {term} for {audience}.',
      },
      writer,
      { 'accept-language': 'de' },
    );
    expect(response.status).toBe(400);
    const { error } = await readBody(response);
    expect(error.code).toBe('validation_error');
    expect(error.details.fields).toEqual([
      { path: 'inputs.1.key', message: 'Dieser Name wird bereits von einem anderen Eingabefeld verwendet.' },
      { path: 'prompt', message: 'Der Prompt verwendet audience, aber kein Eingabefeld trägt diesen Namen.' },
    ]);
    expect(await list()).toEqual([]);
  });

  it('refuses reserved and malformed keys, empty names and prompts, and too many inputs', async () => {
    const cases: unknown[] = [
      { ...GLOSSARY, inputs: [{ key: 'language', label: 'Language' }], prompt: 'Write in {language}.' },
      { ...GLOSSARY, inputs: [{ key: 'Term', label: 'Term' }], prompt: 'Explain.' },
      { ...GLOSSARY, name: '  ' },
      { ...GLOSSARY, prompt: '' },
      { ...GLOSSARY, inputs: [] },
      {
        ...GLOSSARY,
        inputs: Array.from({ length: OWN_APP_LIMITS.inputs + 1 }, (_, index) => ({ key: `i${index}`, label: 'I' })),
        prompt: 'Go.',
      },
      { ...GLOSSARY, inputs: [{ key: 'term', label: 'Term', max_length: OWN_APP_LIMITS.inputLength + 1 }] },
    ];
    for (const definition of cases) {
      const response = await create(definition);
      expect(response.status).toBe(400);
      expect((await readBody(response)).error.code).toBe('validation_error');
    }
    expect(await list()).toEqual([]);
  });

  it(`allows at most ${OWN_APP_LIMITS.apps} applications per user`, async () => {
    await test.database.db.insert(ownApps).values(
      Array.from({ length: OWN_APP_LIMITS.apps - 1 }, (_, index) => ({
        userId: writer.userId,
        name: `App ${index}`,
        inputs: [{ key: 'term', label: 'Term' }],
        prompt: 'Explain {term}.',
      })),
    );
    // The last two arrive together: exactly one of them fits.
    const answers = await Promise.all([create(GLOSSARY), create(GLOSSARY)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409) as Response;
    expect((await readBody(refused)).error).toEqual({
      code: 'own_apps_limit',
      message: 'You have reached the maximum number of own applications. Delete one to create another.',
    });
    expect(await list()).toHaveLength(OWN_APP_LIMITS.apps);
    // Another user's count is their own.
    expect((await create(GLOSSARY, other)).status).toBe(201);
  });

  it("are the owner's only: another user gets 404 and changes nothing", async () => {
    const app = await createdApp();
    const path = `/api/own_apps/${app.id}`;
    expect((await test.request(path, { headers: other.auth })).status).toBe(404);
    expect((await test.request(path, jsonRequest('PUT', { ...GLOSSARY, name: 'Mine' }, other.auth))).status).toBe(404);
    expect((await test.request(path, { method: 'DELETE', headers: other.auth })).status).toBe(404);
    expect(await list(other)).toEqual([]);
    expect((await list()).map((each) => each.name)).toEqual(['Glossary entry']);
    expect((await test.request('/api/own_apps/not-an-id', { headers: writer.auth })).status).toBe(404);
  });

  it('keep their results in the history when deleted', async () => {
    const app = await createdApp();
    await test.database.db.insert(generations).values({
      userId: writer.userId,
      slug: app.slug,
      inputs: { term: 'Entropy' },
      wordsUsed: 12,
      text: 'Entropy measures disorder.',
      engine: 'builtin',
    });
    await test.request(`/api/own_apps/${app.id}`, { method: 'DELETE', headers: writer.auth });
    const history = await test.request(`/api/prompts?prompt_template=${app.slug}`, { headers: writer.auth });
    expect(history.status).toBe(200);
    expect((await readBody(history)).data).toMatchObject([{ slug: app.slug, text: 'Entropy measures disorder.' }]);
    await test.database.db.delete(generations).where(eq(generations.userId, writer.userId));
  });
});

describe('own applications as templates', () => {
  it('are listed after the built-in tools, not favourites until the user makes them one', async () => {
    const first = await createdApp();
    const second = await createdApp({ ...GLOSSARY, name: 'Abstract checker', description: '' });
    const listed = await templates();
    expect(listed.slice(0, FEATURE_SLUGS.length).map((template) => template.slug)).toEqual([...FEATURE_SLUGS]);
    expect(listed.slice(FEATURE_SLUGS.length)).toEqual([
      { slug: second.slug, headline: 'Abstract checker', description: '', categories: ['own'], favourite: false },
      {
        slug: first.slug,
        headline: 'Glossary entry',
        description: 'Explains a term for first-year students.',
        categories: ['own'],
        favourite: false,
      },
    ]);
    expect((await templates(other)).map((template) => template.slug)).toEqual([...FEATURE_SLUGS]);
  });

  it("toggle as favourites for their owner; others' and unknown ones are not found", async () => {
    const app = await createdApp();
    expect((await readBody(await toggle(app.slug))).data).toEqual({ favourite: true });
    expect((await templates()).find((template) => template.slug === app.slug)?.favourite).toBe(true);
    // The built-in defaults stay as they were.
    expect((await templates()).find((template) => template.slug === 'write-chapter')?.favourite).toBe(true);

    expect((await toggle(app.slug, other)).status).toBe(404);
    expect((await toggle('own-00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await toggle('own-nonsense')).status).toBe(404);

    expect((await readBody(await toggle(app.slug))).data).toEqual({ favourite: false });
    await toggle(app.slug);
    // Deleting the application forgets the choice with it.
    await test.request(`/api/own_apps/${app.id}`, { method: 'DELETE', headers: writer.auth });
    expect(
      await test.database.db.select().from(templateFavourites).where(eq(templateFavourites.slug, app.slug)),
    ).toEqual([]);
  });
});
