import { FEATURE_SLUGS, Template } from '@quire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { signUpWriter, type Writer } from '../generation/generation.test-kit';

let test: TestApp;
let writer: Writer;
let other: Writer;

beforeAll(async () => {
  test = await startTestApp();
  writer = await signUpWriter(test, 'templates@example.org');
  other = await signUpWriter(test, 'someone@example.org');
});
afterAll(() => test.close());

const templates = async (user: Writer, locale = 'en') =>
  (
    await readBody(
      await test.request('/api/prompt_templates', { headers: { ...user.auth, 'accept-language': locale } }),
    )
  ).data as Template[];
const favourites = (list: Template[]) => list.filter((template) => template.favourite).map((template) => template.slug);
const toggle = (slug: string, user = writer) =>
  test.request(`/api/prompt_templates/${slug}/favourite`, { method: 'POST', headers: user.auth });

describe('templates', () => {
  it('needs a signed-in user', async () => {
    expect((await test.request('/api/prompt_templates')).status).toBe(401);
    expect((await test.request('/api/prompt_templates/freestyle/favourite', { method: 'POST' })).status).toBe(401);
  });

  it('lists every tool with its headline and description in the request language, and its categories', async () => {
    const german = await templates(writer, 'de');
    expect(german.map((template) => template.slug)).toEqual([...FEATURE_SLUGS]);
    for (const template of german) expect(Template.parse(template)).toEqual(template);
    expect(german.find((template) => template.slug === 'write-chapter')).toMatchObject({
      headline: 'Kapitel schreiben',
      description: 'Ein Kapitel nach dem anderen, mit Belegen aus deinen Quellen.',
      categories: ['essay', 'writing', 'recommended'],
    });
    expect(german.find((template) => template.slug === 'summarize-text')?.categories).toEqual(['research', 'learning']);
    expect(german.find((template) => template.slug === 'proofreading')?.categories).toEqual(['misc', 'editing']);
    const english = await templates(writer);
    expect(english.find((template) => template.slug === 'find-topic')?.headline).toBe('Find a topic');
  });

  it('starts with the recommended tools as favourites and toggles per user', async () => {
    expect(favourites(await templates(writer))).toEqual(['find-sources', 'write-outline', 'write-chapter']);

    const added = await toggle('freestyle');
    expect(added.status).toBe(200);
    expect((await readBody(added)).data).toEqual({ favourite: true });
    expect((await readBody(await toggle('write-chapter'))).data).toEqual({ favourite: false });
    expect(favourites(await templates(writer, 'de'))).toEqual(['find-sources', 'write-outline', 'freestyle']);
    // Someone else's favourites are their own.
    expect(favourites(await templates(other))).toEqual(['find-sources', 'write-outline', 'write-chapter']);

    expect((await readBody(await toggle('freestyle'))).data).toEqual({ favourite: false });
    expect((await readBody(await toggle('write-chapter'))).data).toEqual({ favourite: true });
    expect(favourites(await templates(writer))).toEqual(['find-sources', 'write-outline', 'write-chapter']);
  });

  it('answers 404 for a tool that does not exist', async () => {
    expect((await toggle('nonsense')).status).toBe(404);
  });
});

describe('flows and groups', () => {
  it('lists the summarize flow with its steps, and the groups, translated, without sign-in', async () => {
    const flows = (await readBody(await test.request('/api/flows', { headers: { 'accept-language': 'de' } }))).data;
    expect(flows).toEqual([
      {
        slug: 'summarize',
        headline: 'Schritt für Schritt zusammenfassen',
        description: expect.any(String),
        steps: ['summarize-text', 'summarize-source'],
        step_titles: ['Text zusammenfassen', 'Quelle zusammenfassen'],
        connections: [],
      },
    ]);
    const groups = (await readBody(await test.request('/api/groups'))).data;
    expect(groups[0]).toEqual({
      slug: 'research',
      title: 'Research',
      items: ['flow/summarize', 'feature/find-topic', 'feature/find-sources', 'feature/source-qa'],
    });
    expect(groups.map((group: { slug: string }) => group.slug)).toEqual(['research', 'essay', 'misc']);
  });
});
