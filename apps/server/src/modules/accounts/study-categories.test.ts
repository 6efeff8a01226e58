import type { Profile, Template } from '@quire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { signUpWriter, type Writer } from '../generation/generation.test-kit';

let test: TestApp;
let learner: Writer;
let other: Writer;

beforeAll(async () => {
  test = await startTestApp();
  learner = await signUpWriter(test, 'learner@example.org');
  other = await signUpWriter(test, 'other-learner@example.org');
});
afterAll(() => test.close());

const profile = async (user: Writer) =>
  (await readBody(await test.request('/api/auth/user/customer', { headers: user.auth }))).data as Profile;
const favourites = async (user: Writer) =>
  ((await readBody(await test.request('/api/prompt_templates', { headers: user.auth }))).data as Template[])
    .filter((template) => template.favourite)
    .map((template) => template.slug);
const choose = (user: Writer, categories: unknown) =>
  test.request('/api/auth/user/study_categories', {
    method: 'PUT',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ categories }),
  });

describe('study categories (first login)', () => {
  it('starts unchosen, with the recommended tools as favourites', async () => {
    expect((await profile(learner)).study_categories).toBeNull();
    expect(await favourites(learner)).toEqual(['find-sources', 'write-outline', 'write-chapter']);
  });

  it('pre-favourites the tools of the chosen categories, for this user only', async () => {
    const answer = await choose(learner, ['learning', 'editing', 'learning']);
    expect(answer.status).toBe(200);
    expect(((await readBody(answer)).data as Profile).study_categories).toEqual(['learning', 'editing']);
    expect(await favourites(learner)).toEqual([
      'source-qa',
      'proofreading',
      'summarize',
      'summarize-text',
      'summarize-source',
      'ai-detector',
      'cards',
    ]);
    expect(await favourites(other)).toEqual(['find-sources', 'write-outline', 'write-chapter']);
  });

  it("keeps the user's own favourite choices over the categories'", async () => {
    await test.request('/api/prompt_templates/cards/favourite', { method: 'POST', headers: learner.auth });
    await choose(learner, ['learning']);
    expect(await favourites(learner)).not.toContain('cards');
    expect(await favourites(learner)).toContain('summarize');
  });

  it('takes an empty choice as a choice: the recommended tools stay', async () => {
    await choose(other, []);
    expect((await profile(other)).study_categories).toEqual([]);
    expect(await favourites(other)).toEqual(['find-sources', 'write-outline', 'write-chapter']);
  });

  it('refuses unknown categories and anonymous calls', async () => {
    expect((await choose(learner, ['astrology'])).status).toBe(400);
    expect((await choose(learner, 'research')).status).toBe(400);
    expect(
      (
        await test.request('/api/auth/user/study_categories', {
          method: 'PUT',
          body: JSON.stringify({ categories: [] }),
        })
      ).status,
    ).toBe(401);
  });
});
