import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../http/app-error';
import { type Envelope, type FakeSentry, startFakeSentry } from '../test/fake-sentry';
import { jsonRequest, readBody, startTestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';

const EMAIL = 'ada@example.org';
const DRAFT = 'My unpublished chapter on photosynthesis';

let sentry: FakeSentry;
let database: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  sentry = await startFakeSentry();
  ({ database, dispose } = await createTestDatabase());
});
afterAll(async () => {
  await dispose();
  await sentry.close();
});
beforeEach(() => {
  sentry.envelopes.length = 0;
});

/** Test routes that fail in every way a route can; the user is named by a test header, as if signed in. */
function failingRoutes(app: FastifyInstance): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const user = request.headers['x-test-user'];
      if (typeof user === 'string') request.user = { id: user };
    });
    scope.post('/api/test/explode', async () => {
      throw new Error('the flux capacitor broke');
    });
    scope.post('/api/test/query', async (request) => {
      const { email } = request.body as { email: string };
      await database.db.execute(sql`select ${email}::integer`);
      return { data: null };
    });
    scope.get('/api/test/thread-crashed', async () => {
      throw new AppError('generic_error', { cause: new Error('the proofreading thread exited') });
    });
    scope.get('/api/test/model-down', async () => {
      throw new AppError('model_failed');
    });
    scope.get('/api/test/invalid', async () => {
      throw new AppError('validation_error');
    });
  });
}

async function failEverywhere(request: (path: string, init?: RequestInit) => Promise<Response>) {
  const asUser = { 'x-test-user': 'user-0042' };
  const statuses = [
    (await request('/api/test/explode', jsonRequest('POST', { email: EMAIL, text: DRAFT }, asUser))).status,
    (await request('/api/test/query', jsonRequest('POST', { email: EMAIL }, asUser))).status,
    (await request('/api/test/thread-crashed')).status,
    (await request('/api/test/model-down')).status,
    (await request('/api/test/invalid')).status,
    (await request('/api/nothing-here')).status,
  ];
  expect(statuses).toEqual([500, 500, 500, 502, 400, 404]);
}

type SentryEvent = {
  environment: string;
  user?: Record<string, unknown>;
  request?: unknown;
  tags: Record<string, unknown>;
  exception: { values: { type: string; value: string; stacktrace?: { frames: { filename?: string }[] } }[] };
};

function eventOf(envelope: Envelope): SentryEvent {
  const events = envelope.items.filter((item) => item.header.type === 'event');
  expect(events).toHaveLength(1);
  return events[0]?.payload as SentryEvent;
}

/** The exception that was thrown; linked causes come before it. */
const thrown = (event: SentryEvent) => event.exception.values.at(-1);

describe('error reporting with SENTRY_DSN', () => {
  it('sends one envelope per unexpected 5xx, with the user id alone and without bodies or e-mails', async () => {
    const test = await startTestApp({
      database,
      env: { SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'staging' },
      extend: failingRoutes,
    });
    try {
      await failEverywhere(test.request);
      const body = await readBody(await test.request('/api/test/explode', { method: 'POST' }));
      expect(body).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
      await sentry.waitForEnvelopes(4);
    } finally {
      await test.close();
    }

    // Closing sends whatever still waited: the 502, the 400 and the 404 were never reported.
    expect(sentry.envelopes).toHaveLength(4);
    for (const envelope of sentry.envelopes) {
      expect(envelope.project).toBe('42');
      expect(envelope.raw).not.toContain(EMAIL);
      expect(envelope.raw).not.toContain(DRAFT);
    }
    const events = sentry.envelopes.map(eventOf);
    const find = (value: RegExp, user?: string) =>
      events.find((event) => value.test(thrown(event)?.value ?? '') && event.user?.id === user) as SentryEvent;

    const exploded = find(/^the flux capacitor broke$/, 'user-0042');
    expect(thrown(exploded)?.type).toBe('Error');
    expect(thrown(exploded)?.stacktrace?.frames.at(-1)?.filename).toMatch(/error-reporting\.test\.ts$/);
    expect(exploded.environment).toBe('staging');
    expect(exploded.user).toEqual({ id: 'user-0042' });
    expect(exploded.request).toBeUndefined();
    expect(exploded.tags).toMatchObject({
      route: '/api/test/explode',
      method: 'POST',
      status_code: 500,
      request_id: expect.any(String),
    });
    expect(find(/^the flux capacitor broke$/).user).toBeUndefined();

    // The database's own message quoted the e-mail, Drizzle's listed it: both are gone, the rest stays.
    const query = find(/^Failed query/, 'user-0042');
    expect(thrown(query)?.value).toBe('Failed query: select $1::integer\nparams: [removed]');
    expect(query.exception.values[0]?.value).toBe('invalid input syntax for type integer: "[email]"');

    const crashed = find(/^generic_error$/);
    expect(thrown(crashed)?.type).toBe('AppError');
    expect(crashed.exception.values[0]?.value).toBe('the proofreading thread exited');
  });
});

describe('error reporting without SENTRY_DSN', () => {
  it('sends nothing, not even when the SDK could find a DSN in the environment by itself', async () => {
    vi.stubEnv('SENTRY_DSN', sentry.dsn);
    const test = await startTestApp({ database, extend: failingRoutes });
    try {
      await failEverywhere(test.request);
      expect((await readBody(await test.request('/api/status'))).data.error_reporting).toBeNull();
    } finally {
      await test.close();
      vi.unstubAllEnvs();
    }
    // A later marker: an app with a DSN reports one error. Anything the app above had sent would have
    // arrived before it, so once the marker is in, the marker alone may be there.
    const marker = await startTestApp({
      database,
      env: { SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'marker' },
      extend: failingRoutes,
    });
    try {
      expect((await marker.request('/api/test/explode', { method: 'POST' })).status).toBe(500);
      await sentry.waitForEnvelopes(1);
    } finally {
      await marker.close();
    }
    expect(sentry.envelopes.map((envelope) => eventOf(envelope).environment)).toEqual(['marker']);
  });
});
