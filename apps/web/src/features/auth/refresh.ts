import { matchPage, parseLocalePath } from '@quire/contracts';
import { importWithReload } from '../../lib/chunk-reload';
import { loginPath } from './return-path';
import { clearSession, getSession, isAccessTokenExpired, updateTokens } from './session';

const LOCK_NAME = 'quire_auth_refresh';

/** Where the app goes when the session is over: the login page, remembering the current page. */
type SessionExpiredHandler = () => void;

let onSessionExpired: SessionExpiredHandler = () => {
  const { pathname, search } = window.location;
  if (matchPage(pathname)?.id === 'login') return;
  window.location.assign(loginPath(parseLocalePath(pathname).locale, `${pathname}${search}`));
};

/** The app replaces the full page load with a router navigation. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

let inFlight: Promise<string | null> | undefined;

/**
 * A new access token after the server refused `rejected` (a 401). Parallel callers share one refresh, and a
 * caller whose token was replaced meanwhile gets the new one without asking again; where the browser has
 * Web Locks, tabs take turns too, since the provider rotates refresh tokens and each can be used once.
 * Resolves to null when the session is over: it is cleared and the visitor sent to the login page. Rejects
 * when the provider could not be reached; the session stays for the next try.
 */
export function refreshAccessToken(rejected: string): Promise<string | null> {
  const current = getSession()?.tokens.access_token;
  if (current && current !== rejected) return Promise.resolve(current);
  inFlight ??= withLock(() => refresh(rejected)).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

/**
 * The access token for a connection that cannot replay a refused request the way the API client does (the live
 * connection): renewed first when `refused` is the current one or it is known to have expired; null without a session.
 */
export async function usableAccessToken(refused: string | null = null): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  const token = session.tokens.access_token;
  if (token !== refused && !isAccessTokenExpired(session.tokens)) return token;
  return refreshAccessToken(token);
}

async function refresh(rejected: string): Promise<string | null> {
  const session = getSession();
  if (session && session.tokens.access_token !== rejected) return session.tokens.access_token;
  if (!session?.tokens.refresh_token) return endSession();
  const { isRejectedRefresh, refreshTokens } = await importWithReload(() => import('./oidc'));
  try {
    const tokens = await refreshTokens(session.tokens);
    updateTokens(tokens);
    return tokens.access_token;
  } catch (error) {
    if (!isRejectedRefresh(error)) throw error;
    console.warn('The identity provider turned the refresh token down', error);
    return endSession();
  }
}

function endSession(): null {
  clearSession();
  onSessionExpired();
  return null;
}

async function withLock<T>(task: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return task();
  return await navigator.locks.request(LOCK_NAME, task);
}
