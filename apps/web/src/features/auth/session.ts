import { AUTH_COOKIE_MAX_AGE_DAYS } from '@quire/contracts';
import { readCookie, writeCookie } from '../../lib/cookies';

/** The cookie that keeps the tokens for 30 days (spec §9), the lifetime of the refresh token. */
export const AUTH_COOKIE = 'quire_auth';
/** Name and e-mail of the logged-in user, cached for the header and the error page's report. */
const PROFILE_KEY = 'quire_profile';

/** What the identity provider issued. `expires_at`: when the access token expires, in seconds since the epoch. */
export type AuthTokens = {
  access_token: string;
  refresh_token: string | null;
  id_token: string | null;
  expires_at: number | null;
};

export type SessionProfile = { name: string; email: string };

/** The visitor's session as the web client knows it; the profile arrives after the tokens. */
export type Session = { tokens: AuthTokens; profile: SessionProfile | null };

/** The fields of a token endpoint answer the session keeps. */
export type TokenResponse = {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
};

const listeners = new Set<() => void>();
let cached: { cookie: string | undefined; profile: string | null; session: Session | null } = {
  cookie: undefined,
  profile: null,
  session: null,
};

/**
 * The current session, or null when nobody is logged in. The same object comes back while the cookie and
 * the cached profile are unchanged, so React can subscribe to it.
 */
export function getSession(): Session | null {
  const cookie = readCookie(AUTH_COOKIE);
  const profile = cookie ? readStorage(PROFILE_KEY) : forgetProfile();
  if (cookie !== cached.cookie || profile !== cached.profile) {
    const tokens = parseTokens(cookie);
    cached = { cookie, profile, session: tokens ? { tokens, profile: parseProfile(profile) } : null };
  }
  return cached.session;
}

export function getAccessToken(): string | null {
  return getSession()?.tokens.access_token ?? null;
}

/**
 * Whether the session can still authorise a request: its access token is valid, or it can get a new one.
 * Without a known expiry the server decides (a 401 then leads to a refresh).
 */
export function isSessionUsable(session: Session | null, now: number = Date.now()): boolean {
  if (!session) return false;
  return Boolean(session.tokens.refresh_token) || !isAccessTokenExpired(session.tokens, now);
}

export function isAccessTokenExpired(tokens: AuthTokens, now: number = Date.now()): boolean {
  return tokens.expires_at !== null && tokens.expires_at * 1000 <= now;
}

/** A new login: stores its tokens and replaces the profile of whoever was logged in before. */
export function setSession(session: { tokens: AuthTokens; profile?: SessionProfile | null }): void {
  writeTokens(session.tokens);
  if (session.profile) writeStorage(PROFILE_KEY, JSON.stringify(session.profile));
  else removeStorage(PROFILE_KEY);
  notify();
}

/** Tokens of a refresh: the profile stays. */
export function updateTokens(tokens: AuthTokens): void {
  writeTokens(tokens);
  notify();
}

/** The loaded (or just edited) profile; ignored when nobody is logged in any more. */
export function setProfile(profile: SessionProfile): void {
  if (!readCookie(AUTH_COOKIE)) return;
  writeStorage(PROFILE_KEY, JSON.stringify({ name: profile.name, email: profile.email }));
  notify();
}

export function clearSession(): void {
  writeCookie(AUTH_COOKIE, '', 0);
  removeStorage(PROFILE_KEY);
  notify();
}

/** The session's tokens after a token endpoint answer. Refresh tokens rotate, so a new one always replaces the old. */
export function tokensFromResponse(
  response: TokenResponse,
  previous: AuthTokens | null = null,
  now: number = Date.now(),
): AuthTokens {
  return {
    access_token: response.access_token,
    refresh_token: response.refresh_token ?? previous?.refresh_token ?? null,
    id_token: response.id_token ?? previous?.id_token ?? null,
    expires_at: typeof response.expires_in === 'number' ? Math.floor(now / 1000) + response.expires_in : null,
  };
}

/**
 * Calls `listener` whenever the session may have changed: in this tab, or in another one (the profile's
 * storage event; for the cookie, when the tab becomes visible again).
 */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PROFILE_KEY || event.key === null) listener();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

function writeTokens(tokens: AuthTokens): void {
  const value = JSON.stringify(tokens);
  writeCookie(AUTH_COOKIE, value, AUTH_COOKIE_MAX_AGE_DAYS);
  // Browsers drop a cookie over 4 KB without a word; the user would seem logged out for no reason.
  if (readCookie(AUTH_COOKIE) !== value) console.error(`The session (${value.length} bytes) did not fit in a cookie`);
}

function parseTokens(raw: string | undefined): AuthTokens | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isTokens(value) ? value : null;
  } catch {
    return null;
  }
}

function isTokens(value: unknown): value is AuthTokens {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  const optionalString = (field: unknown) => field === null || typeof field === 'string';
  return (
    typeof candidate.access_token === 'string' &&
    candidate.access_token.length > 0 &&
    optionalString(candidate.refresh_token) &&
    optionalString(candidate.id_token) &&
    (candidate.expires_at === null || typeof candidate.expires_at === 'number')
  );
}

function parseProfile(raw: string | null): SessionProfile | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (typeof value?.name !== 'string' || typeof value.email !== 'string') return null;
    return { name: value.name, email: value.email };
  } catch {
    return null;
  }
}

/** Without the cookie (expired after 30 days) the cached name and e-mail go too. */
function forgetProfile(): null {
  if (readStorage(PROFILE_KEY) !== null) removeStorage(PROFILE_KEY);
  return null;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn('Could not keep the profile in local storage', error);
  }
}

function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing to remove.
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}
