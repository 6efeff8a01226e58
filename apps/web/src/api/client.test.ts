import { beforeAll, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../features/auth/session';
import { ensureLocale } from '../i18n/i18n';
import { json, stubFetch } from '../test/fetch-stub';
import { ApiError, api, buildUrl } from './client';

/** The error a call rejects with (these tests expect every such call to fail). */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  return (await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  )) as ApiError;
}

beforeAll(async () => {
  await ensureLocale('de', 'full');
});

describe('api client', () => {
  it('sends the current locale and unwraps data', async () => {
    const { calls } = stubFetch(() => json(200, { data: { id: 'm1' } }));
    await expect(api.get('/contact/m1')).resolves.toEqual({ id: 'm1' });
    expect(calls[0]?.url).toBe('/api/contact/m1');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('de');
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('sends the access token of the session as a bearer token', async () => {
    setSession({ accessToken: 'abc.def', email: 'ada@example.org' });
    const { calls } = stubFetch(() => json(201, { data: { id: 'x', created_at: '2026-11-21T10:00:00Z' } }));
    await api.post('/contact/', { type: 'message', body: 'Hi', email: 'ada@example.org' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer abc.def');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ type: 'message', body: 'Hi', email: 'ada@example.org' });
    clearSession();
  });

  it('routes calls to the doc and gen services with their query strings', async () => {
    const { calls } = stubFetch(() => json(200, { data: [] }));
    await api.get('/history', { service: 'gen', query: { feature: 'write-chapter', page: undefined } });
    await api.get('documents', { service: 'doc' });
    expect(calls.map((call) => call.url)).toEqual(['/gen/history?feature=write-chapter', '/doc/documents']);
  });

  it('throws an ApiError with code, status, message and fields for an { error } body', async () => {
    stubFetch(() =>
      json(400, {
        error: {
          code: 'validation_error',
          message: 'Einige Felder sind ungültig.',
          details: { fields: [{ path: 'body', message: 'Nachricht ist erforderlich' }, { path: 3 }] },
        },
      }),
    );
    const error = await failure(api.post('/contact/', { body: '' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'validation_error', status: 400, message: 'Einige Felder sind ungültig.' });
    expect(error.fields).toEqual([{ path: 'body', message: 'Nachricht ist erforderlich' }]);
  });

  it('derives a translated error from the status when the body is not ours', async () => {
    stubFetch(
      () => new Response('<html>Bad gateway</html>', { status: 503, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await failure(api.get('/status'));
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(error.message).toBe('Der Dienst ist vorübergehend nicht erreichbar. Bitte versuche es später erneut.');
  });

  it('turns a network failure into a translated request_failed error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/status'));
    expect(error).toMatchObject({ code: 'request_failed', status: 0 });
    expect(error.message).toBe(
      'Deine Anfrage ist fehlgeschlagen – versuche es später erneut oder kontaktiere den Support',
    );
  });

  it('passes a cancellation through untouched', async () => {
    stubFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    const error = await failure(api.get('/status'));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('AbortError');
  });

  it('returns undefined for 204 answers', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/history/1', { service: 'gen' })).resolves.toBeUndefined();
  });
});

describe('buildUrl', () => {
  it('joins base, path and query without doubling slashes', () => {
    expect(buildUrl('api', '/prompts', { prompt_template: 'write-chapter', limit: 5, all: false })).toBe(
      '/api/prompts?prompt_template=write-chapter&limit=5&all=false',
    );
  });
});
