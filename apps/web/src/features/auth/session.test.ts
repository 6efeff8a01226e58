import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie, serializeCookie } from '../../lib/cookies';
import {
  AUTH_COOKIE,
  type AuthTokens,
  clearSession,
  getAccessToken,
  getSession,
  isAccessTokenExpired,
  isSessionUsable,
  setProfile,
  setSession,
  subscribeSession,
  tokensFromResponse,
  updateTokens,
} from './session';

const TOKENS: AuthTokens = {
  access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2ln',
  refresh_token: 'refresh-1',
  id_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.aWQ',
  expires_at: 1_900_000_000,
};

function cookieWrites(): { writes: string[]; restore: () => void } {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const writes: string[] = [];
  const spy = vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value) {
    writes.push(value);
    descriptor?.set?.call(this, value);
  });
  return { writes, restore: () => spy.mockRestore() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session store', () => {
  it('keeps the tokens in the quire_auth cookie and reads them back', () => {
    setSession({ tokens: TOKENS, profile: { name: 'Ada Lovelace', email: 'ada@example.org' } });
    expect(JSON.parse(readCookie(AUTH_COOKIE) ?? '')).toEqual(TOKENS);
    expect(getSession()).toEqual({ tokens: TOKENS, profile: { name: 'Ada Lovelace', email: 'ada@example.org' } });
    expect(getAccessToken()).toBe(TOKENS.access_token);
    expect(getSession()).toBe(getSession());
  });

  it('writes the cookie for 30 days, for the whole site, SameSite=Lax, without Secure on http', () => {
    const { writes } = cookieWrites();
    setSession({ tokens: TOKENS });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^quire_auth=[^;]+; Max-Age=2592000; Path=\/; SameSite=Lax$/);
  });

  it('marks the cookie Secure on https', () => {
    expect(serializeCookie(AUTH_COOKIE, 'x', { maxAgeDays: 30, secure: true })).toBe(
      'quire_auth=x; Max-Age=2592000; Path=/; SameSite=Lax; Secure',
    );
  });

  it('forgets tokens and profile on sign-out, with a cookie that expires at once', () => {
    setSession({ tokens: TOKENS, profile: { name: 'Ada', email: 'ada@example.org' } });
    const { writes } = cookieWrites();
    clearSession();
    expect(writes[0]).toContain('Max-Age=0');
    expect(getSession()).toBeNull();
    expect(readCookie(AUTH_COOKIE)).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
  });

  it('drops the cached profile once the cookie has expired', () => {
    setSession({ tokens: TOKENS, profile: { name: 'Ada', email: 'ada@example.org' } });
    // biome-ignore lint/suspicious/noDocumentCookie: the browser expiring the cookie after 30 days.
    document.cookie = `${AUTH_COOKIE}=; Max-Age=0; Path=/`;
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('quire_profile')).toBeNull();
  });

  it('ignores a cookie it cannot read', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a damaged cookie.
    document.cookie = `${AUTH_COOKIE}=${encodeURIComponent('{"access_token":""}')}; Path=/`;
    expect(getSession()).toBeNull();
    // biome-ignore lint/suspicious/noDocumentCookie: a damaged cookie.
    document.cookie = `${AUTH_COOKIE}=%E0%A4%A; Path=/`;
    expect(getSession()).toBeNull();
  });

  it('keeps the profile when tokens are refreshed, and takes a profile only while logged in', () => {
    setSession({ tokens: TOKENS });
    setProfile({ name: 'Ada', email: 'ada@example.org' });
    updateTokens({ ...TOKENS, access_token: 'access-2' });
    expect(getSession()).toEqual({
      tokens: { ...TOKENS, access_token: 'access-2' },
      profile: { name: 'Ada', email: 'ada@example.org' },
    });
    clearSession();
    setProfile({ name: 'Eve', email: 'eve@example.org' });
    expect(window.localStorage.getItem('quire_profile')).toBeNull();
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession({ tokens: TOKENS });
    clearSession();
    unsubscribe();
    setSession({ tokens: TOKENS });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('token expiry', () => {
  const now = Date.UTC(2026, 10, 21, 10, 0, 0);

  it('computes when the access token expires and keeps the rotated refresh token', () => {
    const first = tokensFromResponse(
      { access_token: 'a1', refresh_token: 'r1', id_token: 'i1', expires_in: 36_000 },
      null,
      now,
    );
    expect(first).toEqual({ access_token: 'a1', refresh_token: 'r1', id_token: 'i1', expires_at: now / 1000 + 36_000 });
    expect(tokensFromResponse({ access_token: 'a2', refresh_token: 'r2' }, first, now)).toEqual({
      access_token: 'a2',
      refresh_token: 'r2',
      id_token: 'i1',
      expires_at: null,
    });
    expect(tokensFromResponse({ access_token: 'a3' }, first, now).refresh_token).toBe('r1');
  });

  it('counts an expired access token as usable only while a refresh token can renew it', () => {
    const tokens: AuthTokens = { ...TOKENS, expires_at: now / 1000 + 60 };
    expect(isAccessTokenExpired(tokens, now)).toBe(false);
    expect(isAccessTokenExpired(tokens, now + 60_000)).toBe(true);
    expect(isSessionUsable({ tokens, profile: null }, now + 60_000)).toBe(true);
    expect(isSessionUsable({ tokens: { ...tokens, refresh_token: null }, profile: null }, now + 60_000)).toBe(false);
    expect(isSessionUsable({ tokens: { ...tokens, refresh_token: null }, profile: null }, now)).toBe(true);
    expect(isSessionUsable(null, now)).toBe(false);
  });
});
