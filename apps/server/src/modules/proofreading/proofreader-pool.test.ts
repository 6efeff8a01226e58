import type { LocaleCode } from '@quire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { createBuiltinProofreader } from './proofreader';
import { createProofreaderPool, type ProofreaderPool, type ProofreaderPoolOptions } from './proofreader-pool';

// The pool must answer exactly what the proofreader answers in this thread, keep concurrent answers apart,
// and survive a thread that crashes or hangs. Both sides are warmed first: a cold dictionary eats into the
// suggestion budget, which would make their suggestions differ.

const TEXTS: { text: string; language: LocaleCode }[] = [
  { text: 'This is is a sentense. Its a nice day, and he is taller then me.', language: 'en' },
  { text: 'Ich glaube das das Haus ist sehr grooß. Wir sind seid gestern hier.', language: 'de' },
  { text: 'Il est allé a Paris ; ou est la maisonn?', language: 'fr' },
  { text: 'No sé porque lo hizo y aun no a llegado el trenn.', language: 'es' },
];
const NON_ENGLISH = TEXTS.filter((sample) => sample.language !== 'en');
const TEST_THREAD = new URL('./proofreader-pool.test-worker.mjs', import.meta.url);

const pools: ProofreaderPool[] = [];
const pool = (options: ProofreaderPoolOptions) => {
  const created = createProofreaderPool(options);
  pools.push(created);
  return created;
};
const inProcess = createBuiltinProofreader();
const shared = pool({ size: 2 });
beforeAll(async () => {
  await Promise.all([inProcess.warm(), shared.warm()]);
}, 120_000);
afterAll(async () => {
  await Promise.all(pools.map((created) => created.close()));
});

/** How a check failed: the error code the client sees and, for the log, why. */
async function failure(check: Promise<unknown>): Promise<{ code: string; cause: string }> {
  const error = await check.then(
    () => expect.fail('the check should have failed'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, cause } = error as AppError;
  return { code, cause: cause instanceof Error ? cause.message : String(cause) };
}

describe('the proofreader pool', () => {
  it('answers the same issues as the proofreader in this thread, harper.js included', async () => {
    for (const sample of TEXTS) {
      const ours = await inProcess.check(sample);
      expect(ours.issues.length, sample.text).toBeGreaterThan(1);
      expect(await shared.check(sample), sample.text).toEqual(ours);
    }
    const english = (await shared.check(TEXTS[0] as (typeof TEXTS)[0])).issues.map((issue) => issue.origin);
    expect(english).toEqual(expect.arrayContaining(['harper', 'hunspell', 'rules']));
  });

  it("passes the user's own words to the thread", async () => {
    const text = 'Das ist quirewortig.';
    const [unknown] = (await shared.check({ text, language: 'de' })).issues;
    expect(unknown).toMatchObject({ rule: 'HUNSPELL', offset: 8, length: 11 });
    const personal = await shared.check({ text, language: 'de', personalWords: new Set(['quirewortig']) });
    expect(personal).toEqual({ issues: [], variant: 'de-DE' });
  });

  it('runs checks side by side without mixing their answers', async () => {
    const requests = [...TEXTS, ...TEXTS, ...TEXTS];
    const expected = await Promise.all(requests.map((sample) => inProcess.check(sample)));
    const answered = await Promise.all(requests.map((sample) => shared.check(sample)));
    expect(answered).toEqual(expected);
  });

  it('fails the check of a thread that crashes, replaces the thread and goes on with the queue', async () => {
    const threads = pool({ size: 1, entry: TEST_THREAD });
    const [sample] = NON_ENGLISH as [(typeof NON_ENGLISH)[0]];
    const crashed = threads.check({ text: 'CRASH', language: 'de' });
    const after = [threads.check(sample), threads.check(sample)];
    expect(await failure(crashed)).toEqual({ code: 'generic_error', cause: 'The test thread crashed on purpose' });
    const expected = await inProcess.check(sample);
    expect(await Promise.all(after)).toEqual([expected, expected]);
  });

  it('ends a thread that hangs past the time limit and answers the next check', async () => {
    // Long enough for the replacement thread to start cold and check the next text.
    const threads = pool({ size: 1, entry: TEST_THREAD, checkTimeoutMs: 8_000 });
    const [sample] = NON_ENGLISH as [(typeof NON_ENGLISH)[0]];
    const hung = threads.check({ text: 'HANG', language: 'de' });
    const next = threads.check(sample);
    expect(await failure(hung)).toEqual({
      code: 'generic_error',
      cause: 'A proofreading check ran longer than 8000 ms',
    });
    expect(await next).toEqual(await inProcess.check(sample));
  });

  it('closes with checks running and queued, failing them, and starts again on the next check', async () => {
    const threads = pool({ size: 1 });
    const [sample] = NON_ENGLISH as [(typeof NON_ENGLISH)[0]];
    const failures = Promise.all([failure(threads.check(sample)), failure(threads.check(sample))]);
    await threads.close();
    const closed = { code: 'generic_error', cause: 'The proofreading pool was closed' };
    expect(await failures).toEqual([closed, closed]);
    expect(await threads.check(sample)).toEqual(await inProcess.check(sample));
  });
});
