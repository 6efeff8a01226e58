import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, readBody, startTestApp, type TestApp } from './test/test-app';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('health', () => {
  it('answers liveness and readiness with the database engine', async () => {
    const live = await test.request('/healthz');
    expect(live.status).toBe(200);
    expect(await readBody(live)).toEqual({ data: { status: 'ok' } });

    const ready = await test.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await readBody(ready)).toEqual({ data: { status: 'ready', database: test.database.engine } });
  });
});

describe('envelope and errors', () => {
  it('wraps payloads in data', async () => {
    const response = await test.request('/api/status');
    expect(await readBody(response)).toEqual({
      data: {
        maintenance: false,
        banner: null,
        survey_delay_seconds: 120,
        analytics: { provider: 'quire' },
        error_reporting: null,
      },
    });
  });

  it('answers unknown API paths with a translated not_found error', async () => {
    const response = await test.request('/gen/nothing-here', { headers: { 'accept-language': 'fr-CH,fr;q=0.9' } });
    expect(response.status).toBe(404);
    expect(await readBody(response)).toEqual({ error: { code: 'not_found', message: 'Cette page est introuvable' } });
  });

  it("answers the router's own refusals (bad percent-encoding, over-long parameter) with the envelope", async () => {
    for (const path of ['/api/history/%ZZ', `/api/history/${'a'.repeat(500)}`]) {
      const response = await test.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'de' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_error');
      expect(response.body).not.toContain('FST_ERR');
    }
  });

  it('answers malformed JSON with 400 in the request language, without a stack trace', async () => {
    const response = await test.request('/api/contact/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'it' },
      body: '{"body": ',
    });
    expect(response.status).toBe(400);
    const body = await readBody(response);
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toBe('La richiesta non è un JSON valido.');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('refuses unsupported content types with 415 and oversize bodies with 413', async () => {
    const text = await test.request('/api/contact/', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(text.status).toBe(415);
    expect((await readBody(text)).error.code).toBe('unsupported_media_type');

    const huge = await test.request('/api/contact/', jsonRequest('POST', { body: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    expect((await readBody(huge)).error).toEqual({ code: 'payload_too_large', message: 'The request is too large.' });
  });

  it('keeps a caller request id and makes one up otherwise', async () => {
    const given = await test.request('/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    const made = await test.request('/healthz', { headers: { 'x-request-id': 'not valid; id' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const response = await test.request('/api/status');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('readiness without a database', () => {
  it('answers 503 service_unavailable when the database is gone', async () => {
    const broken = await startTestApp();
    await broken.database.close();
    const response = await broken.request('/readyz', { headers: { 'accept-language': 'de' } });
    expect(response.status).toBe(503);
    expect(await readBody(response)).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuche es später erneut.',
      },
    });
    await broken.close();
  });
});
