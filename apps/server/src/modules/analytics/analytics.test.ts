import type { AnalyticsBatchRequest } from '@quire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { signUpWriter, type Writer } from '../generation/generation.test-kit';
import { ANALYTICS_RATE_LIMIT } from './analytics.routes';
import { summarizeAnalytics } from './analytics.service';

let test: TestApp;
let operator: Writer;
let user: Writer;

beforeAll(async () => {
  test = await startTestApp({ env: { OPERATOR_EMAILS: 'Ops@example.org' } });
  operator = await signUpWriter(test, 'ops@example.org');
  user = await signUpWriter(test, 'student@example.org');
});
afterAll(() => test.close());

function batch(overrides: Partial<AnalyticsBatchRequest> = {}): AnalyticsBatchRequest {
  return {
    session_id: 'tab-0f9a1c2e',
    device: 'mobile',
    events: [{ name: 'page_view', path: '/de/pricing', locale: 'de', referrer_host: 'Search.Example.ORG' }],
    ...overrides,
  };
}

const send = (body: unknown, target: TestApp = test) =>
  target.request('/api/analytics/events', jsonRequest('POST', body));

async function rowsOfSession(sessionId: string) {
  const rows = await test.database.db.select().from(analyticsEvents);
  return rows.filter((row) => row.sessionId === sessionId);
}

describe('POST /api/analytics/events', () => {
  it('stores page views and events with the tab session and device class, and nothing about the person', async () => {
    const response = await send(
      batch({
        session_id: 'tab-first-visit',
        events: [
          { name: 'page_view', path: '/de/pricing', locale: 'de', referrer_host: 'Search.Example.ORG' },
          { name: 'tool_run', path: '/de/feature/write-chapter', locale: 'de', detail: 'write-chapter' },
        ],
      }),
    );
    expect(response.status).toBe(202);
    expect((await readBody(response)).data).toEqual({ accepted: 2 });

    const rows = await rowsOfSession('tab-first-visit');
    expect(rows.map(({ id: _id, occurredAt: _at, ...row }) => row)).toEqual([
      {
        name: 'page_view',
        path: '/de/pricing',
        locale: 'de',
        referrerHost: 'search.example.org',
        detail: null,
        sessionId: 'tab-first-visit',
        device: 'mobile',
      },
      {
        name: 'tool_run',
        path: '/de/feature/write-chapter',
        locale: 'de',
        referrerHost: null,
        detail: 'write-chapter',
        sessionId: 'tab-first-visit',
        device: 'mobile',
      },
    ]);
    // The table has no place for an address, a user or a user agent.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ['detail', 'device', 'id', 'locale', 'name', 'occurredAt', 'path', 'referrerHost', 'sessionId'].sort(),
    );
  });

  it('keeps share tokens, own applications and unknown paths out of the table', async () => {
    const response = await send(
      batch({
        session_id: 'tab-private-paths',
        events: [
          { name: 'page_view', path: '/shared/Abc123Def456Ghi789Jkl0', locale: 'en' },
          { name: 'page_view', path: '/fr/apps/6f1c2a9e-8b1d-4c3e-9f0a-1b2c3d4e5f60/edit', locale: 'fr' },
          { name: 'page_view', path: '/someone@example.org', locale: 'en' },
        ],
      }),
    );
    expect(response.status).toBe(202);
    const paths = (await rowsOfSession('tab-private-paths')).map((row) => row.path).sort();
    expect(paths).toEqual(['/(not-found)', '/fr/apps/:app/edit', '/shared/:token'].sort());
  });

  it.each([
    [
      'a path with a query string',
      batch({ events: [{ name: 'page_view', path: '/pricing?email=a@b.org', locale: 'en' }] }),
    ],
    ['an unknown event', batch({ events: [{ name: 'click' as 'page_view', path: '/', locale: 'en' }] })],
    [
      'a whole referring address',
      batch({ events: [{ name: 'page_view', path: '/', locale: 'en', referrer_host: 'https://x.org/a' }] }),
    ],
    ['no events', batch({ events: [] })],
    [
      'too many events',
      batch({
        events: Array.from({ length: 26 }, () => ({ name: 'page_view' as const, path: '/', locale: 'en' as const })),
      }),
    ],
    ['a made-up device', { ...batch(), device: 'iPhone 15 Pro' }],
  ])('refuses %s with 400 and stores nothing', async (_case, body) => {
    const before = (await test.database.db.select().from(analyticsEvents)).length;
    const response = await send(body);
    expect(response.status).toBe(400);
    expect((await readBody(response)).error.code).toBe('validation_error');
    expect((await test.database.db.select().from(analyticsEvents)).length).toBe(before);
  });

  it('refuses a body over 16 KB before reading it', async () => {
    const response = await send({ ...batch(), padding: 'x'.repeat(17 * 1024) });
    expect(response.status).toBe(413);
    expect((await readBody(response)).error.code).toBe('payload_too_large');
  });

  it('answers 429 rate_limited once a client sent its batches for the minute', async () => {
    const own = await startTestApp({ database: test.database });
    try {
      for (let index = 0; index < ANALYTICS_RATE_LIMIT.limit; index++) {
        expect((await send(batch({ session_id: 'tab-flood-0001' }), own)).status).toBe(202);
      }
      const refused = await send(batch({ session_id: 'tab-flood-0001' }), own);
      expect(refused.status).toBe(429);
      expect((await readBody(refused)).error.code).toBe('rate_limited');
      expect(refused.headers.get('retry-after')).toBe('30');
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/analytics/summary', () => {
  it('needs a signed-in user', async () => {
    const response = await test.request('/api/analytics/summary');
    expect(response.status).toBe(401);
  });

  it('does not exist for anyone but an operator', async () => {
    const response = await test.request('/api/analytics/summary?days=7', { headers: user.auth });
    expect(response.status).toBe(404);
    expect((await readBody(response)).error.code).toBe('not_found');
  });

  it('shows an operator page views per day, top paths, events and devices', async () => {
    await send(
      batch({
        session_id: 'tab-summary-a',
        device: 'desktop',
        events: [
          { name: 'page_view', path: '/blog', locale: 'en' },
          { name: 'page_view', path: '/blog', locale: 'en' },
          { name: 'tool_run', path: '/feature/find-topic', locale: 'en', detail: 'find-topic' },
        ],
      }),
    );
    const response = await test.request('/api/analytics/summary?days=7', { headers: operator.auth });
    expect(response.status).toBe(200);
    const { data } = await readBody(response);
    expect(data.days).toBe(7);
    expect(data.page_views).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(data.to).toBe(today);
    const todays = data.page_views.at(-1);
    expect(todays.day).toBe(today);
    const rows = await test.database.db.select().from(analyticsEvents);
    const views = rows.filter((row) => row.name === 'page_view');
    expect(todays.views).toBe(views.length);
    expect(data.totals).toEqual({
      page_views: views.length,
      sessions: new Set(rows.map((row) => row.sessionId)).size,
      events: rows.length - views.length,
    });
    expect(data.top_paths).toContainEqual({ path: '/blog', views: 2 });
    expect(data.top_events).toContainEqual({ name: 'tool_run', detail: 'find-topic', count: 1 });
    expect(data.devices).toContainEqual({ device: 'desktop', views: 2 });
  });

  it('refuses a period it does not cover', async () => {
    const response = await test.request('/api/analytics/summary?days=0', { headers: operator.auth });
    expect(response.status).toBe(400);
    expect((await readBody(response)).error.details.fields[0].path).toBe('days');
  });
});

describe('summarizeAnalytics', () => {
  it('counts days in UTC and lists days without views as zero', async () => {
    const db = test.database.db;
    const sessionId = 'tab-summary-days';
    await db.insert(analyticsEvents).values([
      {
        name: 'page_view',
        path: '/',
        locale: 'en',
        sessionId,
        device: 'desktop',
        occurredAt: new Date('2030-03-01T23:59:00Z'),
      },
      {
        name: 'page_view',
        path: '/',
        locale: 'en',
        sessionId,
        device: 'desktop',
        occurredAt: new Date('2030-03-03T00:01:00Z'),
      },
      {
        name: 'page_view',
        path: '/',
        locale: 'en',
        sessionId,
        device: 'desktop',
        occurredAt: new Date('2030-02-27T12:00:00Z'),
      },
    ]);
    const summary = await summarizeAnalytics({ db, days: 3, now: new Date('2030-03-03T10:00:00Z') });
    expect(summary.from).toBe('2030-03-01');
    expect(summary.page_views).toEqual([
      { day: '2030-03-01', views: 1, sessions: 1 },
      { day: '2030-03-02', views: 0, sessions: 0 },
      { day: '2030-03-03', views: 1, sessions: 1 },
    ]);
    expect(summary.totals).toEqual({ page_views: 2, sessions: 1, events: 0 });
  });
});
