import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetProvider } from '../features/auth/oidc';
import { setSessionExpiredHandler } from '../features/auth/refresh';
import { clearSession, getSession } from '../features/auth/session';
import { ensureLocale } from '../i18n/i18n';
import { json, type StubbedCall, stubFetch } from '../test/fetch-stub';
import { DISCOVERY, formOf, stubIdentityProvider, tokenResponse } from '../test/identity-provider';
import { signIn } from '../test/session';
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
    signIn({ access_token: 'abc.def' }, { name: 'Ada', email: 'ada@example.org' });
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

describe('api client with a session to renew', () => {
  const expired = () => json(401, { error: { code: 'unauthorized', message: 'Bitte melde dich an.' } });
  /** The API: answers requests carrying the renewed token, refuses all others. */
  const api401Unless = (token: string) => (call: StubbedCall) =>
    call.headers.get('Authorization') === `Bearer ${token}` ? json(200, { data: { path: call.url } }) : expired();
  let sessionExpired: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    resetProvider();
    sessionExpired = vi.fn<() => void>();
    setSessionExpiredHandler(sessionExpired);
    signIn({ access_token: 'access-1', refresh_token: 'refresh-1' }, { name: 'Ada', email: 'ada@example.org' });
  });

  it('refreshes once for parallel 401s and replays each request once with the new token', async () => {
    let refused = 0;
    let bothRefused: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      bothRefused = resolve;
    });
    const { calls } = stubIdentityProvider({
      token: async () => {
        await gate;
        return tokenResponse({ access_token: 'access-2', refresh_token: 'refresh-2' });
      },
      other: (call) => {
        const answer = api401Unless('access-2')(call);
        if (answer.status === 401 && ++refused === 2) bothRefused();
        return answer;
      },
    });

    const results = await Promise.all([api.get('/prompts'), api.post('/contact/', { body: 'Hi' })]);

    expect(results).toEqual([{ path: '/api/prompts' }, { path: '/api/contact/' }]);
    const refreshes = calls.filter((call) => call.url === DISCOVERY.token_endpoint);
    expect(refreshes).toHaveLength(1);
    expect(formOf(refreshes[0])).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    const replayed = (url: string) =>
      calls.filter((call) => call.url === url).map((call) => call.headers.get('Authorization'));
    expect(replayed('/api/prompts')).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(replayed('/api/contact/')).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(calls.filter((call) => call.url === '/api/contact/').map((call) => call.body)).toEqual([
      { body: 'Hi' },
      { body: 'Hi' },
    ]);
    expect(getSession()).toMatchObject({
      tokens: { access_token: 'access-2', refresh_token: 'refresh-2' },
      profile: { name: 'Ada', email: 'ada@example.org' },
    });
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('uses a token renewed meanwhile without refreshing again', async () => {
    const { calls } = stubIdentityProvider({ other: api401Unless('access-2') });
    await api.get('/prompts');
    await expect(api.get('/history', { service: 'gen' })).resolves.toEqual({ path: '/gen/history' });
    expect(calls.filter((call) => call.url === DISCOVERY.token_endpoint)).toHaveLength(1);
  });

  it('replays a request only once', async () => {
    const { calls } = stubIdentityProvider({ other: expired });
    const error = await failure(api.get('/prompts'));
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(calls.filter((call) => call.url === '/api/prompts')).toHaveLength(2);
    expect(getSession()?.tokens.access_token).toBe('access-2');
  });

  it('logs out and sends the visitor to the login page when the refresh token is refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = stubIdentityProvider({
      token: () => json(400, { error: 'invalid_grant', error_description: 'grant request is invalid' }),
      other: expired,
    });
    const errors = await Promise.all([failure(api.get('/prompts')), failure(api.get('/auth/user/customer'))]);
    for (const error of errors) expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(getSession()).toBeNull();
    expect(document.cookie).not.toContain('quire_auth');
    expect(sessionExpired).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.url === DISCOVERY.token_endpoint)).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/prompts')).toHaveLength(1);
  });

  it('logs out a session without a refresh token at its first 401', async () => {
    signIn({ access_token: 'access-1', refresh_token: null });
    const { calls } = stubIdentityProvider({ other: expired });
    await expect(failure(api.get('/prompts'))).resolves.toMatchObject({ code: 'unauthorized' });
    expect(getSession()).toBeNull();
    expect(sessionExpired).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.url)).toEqual(['/api/prompts']);
  });

  it('keeps the session when the identity provider cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubIdentityProvider({ token: () => Promise.reject(new TypeError('Failed to fetch')), other: expired });
    const error = await failure(api.get('/prompts'));
    expect(error).toMatchObject({ code: 'request_failed', status: 0 });
    expect(getSession()?.tokens.refresh_token).toBe('refresh-1');
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('neither sends a token nor refreshes for an anonymous call', async () => {
    const { calls } = stubIdentityProvider({ other: expired });
    await expect(failure(api.get('/auth/config-check', { anonymous: true }))).resolves.toMatchObject({ status: 401 });
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual([null]);
    expect(getSession()).not.toBeNull();
  });
});

describe('buildUrl', () => {
  it('joins base, path and query without doubling slashes', () => {
    expect(buildUrl('api', '/prompts', { prompt_template: 'write-chapter', limit: 5, all: false })).toBe(
      '/api/prompts?prompt_template=write-chapter&limit=5&all=false',
    );
  });
});
