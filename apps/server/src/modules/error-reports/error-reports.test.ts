import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { type FakeSentry, startFakeSentry } from '../../test/fake-sentry';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { envelopeEndpoint } from './error-reports.service';

let sentry: FakeSentry;
let database: DatabaseHandle;
let dispose: () => Promise<void>;
let test: TestApp;

beforeAll(async () => {
  sentry = await startFakeSentry();
  ({ database, dispose } = await createTestDatabase());
  test = await startTestApp({ database, env: { SENTRY_DSN: sentry.dsn } });
});
afterAll(async () => {
  await test.close();
  await dispose();
  await sentry.close();
});
beforeEach(() => {
  sentry.envelopes.length = 0;
  sentry.refuse(null);
});

/** An envelope as @sentry/browser sends it through a tunnel: its header names the DSN. */
function browserEnvelope(dsn: string, message = 'Cannot read properties of undefined'): string {
  const event = {
    event_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    platform: 'javascript',
    exception: { values: [{ type: 'TypeError', value: message }] },
  };
  const payload = JSON.stringify(event);
  return [
    JSON.stringify({ event_id: event.event_id, sent_at: '2026-03-01T10:00:00.000Z', dsn }),
    JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) }),
    payload,
  ].join('\n');
}

const post = (body: string, contentType = 'text/plain;charset=UTF-8') =>
  test.request('/api/error-reports', { method: 'POST', headers: { 'content-type': contentType }, body });

describe('POST /api/error-reports', () => {
  it("passes the web app's envelope on to the ingest of SENTRY_DSN unchanged", async () => {
    const envelope = browserEnvelope(sentry.dsn, 'Ünïcode – survives');
    const response = await post(envelope);
    expect(response.status).toBe(202);
    expect(await readBody(response)).toEqual({ data: { forwarded: true } });
    expect(sentry.envelopes).toHaveLength(1);
    expect(sentry.envelopes[0]?.raw).toBe(envelope);
    expect(sentry.envelopes[0]?.project).toBe('42');
    expect(sentry.envelopes[0]?.items[0]?.payload).toMatchObject({
      exception: { values: [{ type: 'TypeError', value: 'Ünïcode – survives' }] },
    });

    expect((await post(browserEnvelope(sentry.dsn), 'application/x-sentry-envelope')).status).toBe(202);
    expect(sentry.envelopes).toHaveLength(2);
  });

  it('refuses envelopes for any other DSN, or none, and relays nothing', async () => {
    const other = sentry.dsn.replace('/42', '/43');
    for (const body of [browserEnvelope(other), browserEnvelope(sentry.dsn.replace('quirepublickey', 'x')), 'x', '']) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect((await readBody(response)).error.code).toBe('validation_error');
    }
    expect(sentry.envelopes).toEqual([]);
  });

  it('tells the SDK to back off when the ingest is over its quota, and says when the ingest failed', async () => {
    sentry.refuse(429);
    const limited = await post(browserEnvelope(sentry.dsn));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    sentry.refuse(500);
    expect((await readBody(await post(browserEnvelope(sentry.dsn)))).error.code).toBe('request_failed');
  });

  it('does not exist without SENTRY_DSN', async () => {
    const plain = await startTestApp({ database });
    try {
      const response = await plain.request('/api/error-reports', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: browserEnvelope(sentry.dsn),
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
    expect(sentry.envelopes).toEqual([]);
  });
});

describe('envelopeEndpoint', () => {
  it('builds the ingest address as the SDKs do, with a path prefix and a port', () => {
    expect(envelopeEndpoint('https://key@o1.ingest.sentry.io/123')).toBe(
      'https://o1.ingest.sentry.io/api/123/envelope/',
    );
    expect(envelopeEndpoint('http://key@glitchtip.internal:8000/sentry/4')).toBe(
      'http://glitchtip.internal:8000/sentry/api/4/envelope/',
    );
  });
});
