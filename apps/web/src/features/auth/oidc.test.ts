import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_CONFIG,
  DISCOVERY,
  formOf,
  ISSUER,
  idToken,
  RESOURCE,
  stubIdentityProvider,
  tokenResponse,
} from '../../test/identity-provider';
import { endSessionUrl, finishLogin, refreshTokens, resetProvider, startLogin } from './oidc';
import { takePendingLogin } from './pending-login';

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

beforeEach(() => {
  resetProvider();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('startLogin', () => {
  it('builds the authorization URL with PKCE S256, state, resource and the visitor’s language', async () => {
    const { calls } = stubIdentityProvider();
    const url = await startLogin({ locale: 'de', returnTo: '/de/account' });

    expect(`${url.origin}${url.pathname}`).toBe(DISCOVERY.authorization_endpoint);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      client_id: 'quire-web',
      redirect_uri: 'http://localhost:3000/de/login',
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
      resource: RESOURCE,
      ui_locales: 'de',
    });
    const pending = takePendingLogin();
    expect(pending).toMatchObject({ returnTo: '/de/account', locale: 'de', state: query.state });
    expect(query.state?.length).toBeGreaterThan(20);
    expect(query.code_challenge).toBe(await s256(pending?.verifier ?? ''));
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/config', `${ISSUER}/.well-known/openid-configuration`]);
  });

  it('uses the unprefixed login page for English and leaves out a resource the server does not name', async () => {
    stubIdentityProvider({ config: { ...AUTH_CONFIG, resource: null } });
    const url = await startLogin({ locale: 'en', returnTo: null });
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/login');
    expect(url.searchParams.has('resource')).toBe(false);
  });

  it('asks the server and the provider once per page load', async () => {
    const { calls } = stubIdentityProvider();
    await startLogin({ locale: 'en', returnTo: null });
    await startLogin({ locale: 'fr', returnTo: null });
    expect(calls).toHaveLength(2);
  });

  it('refuses a sign-in configuration its contract does not allow, and asks again on the next try', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = stubIdentityProvider({ config: { ...AUTH_CONFIG, client_id: undefined } });
    await expect(startLogin({ locale: 'en', returnTo: null })).rejects.toMatchObject({ code: 'request_failed' });
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/config']);
    stubIdentityProvider();
    expect((await startLogin({ locale: 'en', returnTo: null })).searchParams.get('client_id')).toBe('quire-web');
  });
});

describe('finishLogin', () => {
  const pending = { verifier: 'v'.repeat(43), state: 'state-1', returnTo: null, locale: 'fr' as const };

  it('redeems the code with the verifier, redirect URI and resource, and returns the tokens', async () => {
    const { calls } = stubIdentityProvider({
      token: () => tokenResponse({ id_token: idToken({ name: 'Ada Lovelace', email: 'ada@example.org' }) }),
    });
    const before = Math.floor(Date.now() / 1000);
    const result = await finishLogin(new URLSearchParams({ code: 'code-1', state: 'state-1' }), pending);

    const exchange = calls.find((call) => call.url === DISCOVERY.token_endpoint);
    expect(exchange?.method).toBe('POST');
    expect(formOf(exchange)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      code_verifier: pending.verifier,
      redirect_uri: 'http://localhost:3000/fr/login',
      resource: RESOURCE,
      client_id: 'quire-web',
    });
    expect(result.tokens).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(result.tokens.expires_at).toBeGreaterThanOrEqual(before + 36_000);
    expect(result.profile).toEqual({ name: 'Ada Lovelace', email: 'ada@example.org' });
  });

  it('refuses an answer whose state is not the one it sent, before redeeming anything', async () => {
    const { calls } = stubIdentityProvider();
    await expect(finishLogin(new URLSearchParams({ code: 'code-1', state: 'forged' }), pending)).rejects.toThrow(
      /state/,
    );
    expect(calls.some((call) => call.url === DISCOVERY.token_endpoint)).toBe(false);
  });

  it('refuses an error answer from the provider', async () => {
    stubIdentityProvider();
    await expect(
      finishLogin(new URLSearchParams({ error: 'access_denied', state: 'state-1' }), pending),
    ).rejects.toThrow();
  });
});

describe('refreshTokens', () => {
  it('sends the refresh token with the resource and keeps the rotated one', async () => {
    const { calls } = stubIdentityProvider({ token: () => tokenResponse({ id_token: undefined }) });
    const tokens = await refreshTokens({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      id_token: 'id-1',
      expires_at: 1,
    });
    expect(formOf(calls.at(-1))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      resource: RESOURCE,
      client_id: 'quire-web',
    });
    expect(tokens).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2', id_token: 'id-1' });
  });
});

describe('endSessionUrl', () => {
  it('ends the provider session and comes back to the localised start page with ?logout', async () => {
    stubIdentityProvider();
    const url = await endSessionUrl({ idToken: 'id-1', locale: 'nl' });
    expect(url?.origin + (url?.pathname ?? '')).toBe(DISCOVERY.end_session_endpoint);
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      client_id: 'quire-web',
      id_token_hint: 'id-1',
      post_logout_redirect_uri: 'http://localhost:3000/nl?logout',
      ui_locales: 'nl',
    });
  });
});
