import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../db/schema';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fake-openai';
import { readBody, startTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { runStatusCommand, STATUS_USAGE } from './status.command';
import { createBannerReader, storeBanner } from './status.settings';

let fake: FakeOpenAi;
let owned: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  owned = await createTestDatabase();
});
afterAll(async () => {
  await owned.dispose();
  await fake.close();
});

async function engineOf(env: Record<string, string>) {
  const test = await startTestApp({ env, database: owned.database });
  try {
    const response = await test.request('/api/status/engine');
    expect(response.status).toBe(200);
    return (await readBody(response)).data;
  } finally {
    await test.close();
  }
}

describe('GET /api/status/engine', () => {
  it('says when the built-in engine writes', async () => {
    expect(await engineOf({ AI_PROVIDER: 'builtin' })).toEqual({ engine: 'builtin', provider: 'builtin', model: null });
  });

  it('names the language model, and nothing about how it is reached', async () => {
    const data = await engineOf({ AI_BASE_URL: `${fake.url}/v1`, AI_API_KEY: 'secret-key', AI_MODEL: 'fake' });
    expect(data).toEqual({ engine: 'model', provider: 'openai-compatible', model: 'fake' });
  });
});

async function statusOf(env: Record<string, string> = {}) {
  const test = await startTestApp({ env, database: owned.database });
  try {
    const response = await test.request('/api/status');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return (await readBody(response)).data;
  } finally {
    await test.close();
  }
}

describe('GET /api/status', () => {
  it('tells the client the survey delay and where analytics and errors go, besides maintenance and banner', async () => {
    await storeBanner(owned.database.db, null);
    expect(await statusOf()).toEqual({
      maintenance: false,
      banner: null,
      survey_delay_seconds: 120,
      analytics: { provider: 'quire' },
      error_reporting: null,
    });
    expect(await statusOf({ SURVEY_DELAY: '2', PLAUSIBLE_DOMAIN: 'quire.example.org' })).toMatchObject({
      survey_delay_seconds: 2,
      analytics: {
        provider: 'plausible',
        domain: 'quire.example.org',
        script_url: 'https://plausible.io/js/script.js',
      },
    });
    expect(
      await statusOf({ SENTRY_DSN: 'https://public@o1.ingest.example.org/7', SENTRY_ENVIRONMENT: 'staging' }),
    ).toMatchObject({ error_reporting: { dsn: 'https://public@o1.ingest.example.org/7', environment: 'staging' } });
  });

  it('shows the banner set with `npm run status`, and STATUS_BANNER over it when that is set', async () => {
    const db = owned.database.db;
    expect(await runStatusCommand(db, ['set', 'unreliable'])).toBe('Status banner: unreliable');
    expect((await statusOf()).banner).toBe('unreliable');
    expect((await statusOf({ STATUS_BANNER: 'fixing' })).banner).toBe('fixing');

    expect(await runStatusCommand(db, ['set', 'clear'])).toBe('Status banner: none');
    expect((await statusOf()).banner).toBeNull();
    expect(await db.select().from(siteSettings)).toEqual([]);
  });
});

describe('npm run status', () => {
  it('sets, shows and clears the banner', async () => {
    const db = owned.database.db;
    expect(await runStatusCommand(db, ['set', 'fixing'])).toBe('Status banner: fixing');
    expect(await runStatusCommand(db, ['show'])).toBe('Status banner: fixing');
    expect(await runStatusCommand(db, ['clear'])).toBe('Status banner: none');
    expect(await runStatusCommand(db, ['show'])).toBe('Status banner: none');
  });

  it.each([[[]], [['set']], [['set', 'panic']], [['set', 'fixing', 'now']], [['unreliable']]])(
    'explains its usage for %j and changes nothing',
    async (args) => {
      const db = owned.database.db;
      await storeBanner(db, 'fixing');
      await expect(runStatusCommand(db, args)).rejects.toThrowError(STATUS_USAGE);
      expect(await runStatusCommand(db, ['show'])).toBe('Status banner: fixing');
      await storeBanner(db, null);
    },
  );
});

describe('createBannerReader', () => {
  it('reads the database at most once per period, and keeps the last banner when the database fails', async () => {
    const db = owned.database.db;
    let now = 1_000;
    const errors: unknown[] = [];
    const read = createBannerReader({ db, ttlMs: 5_000, now: () => now, onError: (error) => errors.push(error) });
    await storeBanner(db, 'fixing');
    expect(await read()).toBe('fixing');

    await storeBanner(db, 'unreliable');
    now += 4_999;
    expect(await read()).toBe('fixing');
    now += 1;
    expect(await read()).toBe('unreliable');

    // The database goes away: the banner read last stays, and the failure is reported.
    let broken = false;
    const flaky = new Proxy(db, {
      get: (target, property, receiver) =>
        property === 'select' && broken
          ? () => {
              throw new Error('connection lost');
            }
          : Reflect.get(target, property, receiver),
    });
    const reader = createBannerReader({
      db: flaky,
      ttlMs: 5_000,
      now: () => now,
      onError: (error) => errors.push(error),
    });
    expect(await reader()).toBe('unreliable');
    broken = true;
    now += 5_000;
    expect(await reader()).toBe('unreliable');
    expect(String(errors[0])).toContain('connection lost');
    await storeBanner(db, null);
  });
});
