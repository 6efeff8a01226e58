/**
 * The visitor's session as the web client knows it. Logins arrive with the accounts issue, which fills
 * this store after the PKCE flow; until then a session exists only when something calls `setSession`.
 */
export type Session = {
  accessToken: string;
  refreshToken?: string;
  /** The logged-in user's e-mail, sent with error reports. */
  email?: string;
};

const STORAGE_KEY = 'quire_session';
const listeners = new Set<() => void>();
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };

/**
 * The stored session, or null when nobody is logged in (or storage is unavailable).
 * The same object comes back while the stored value is unchanged, so React can subscribe to it.
 */
export function getSession(): Session | null {
  const raw = readStored();
  if (raw !== cached.raw) cached = { raw, session: parse(raw) };
  return cached.session;
}

export function getAccessToken(): string | null {
  return getSession()?.accessToken ?? null;
}

export function setSession(session: Session): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  window.localStorage.removeItem(STORAGE_KEY);
  notify();
}

/** Calls `listener` whenever the session changes in this tab or another one. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.accessToken === 'string' &&
    candidate.accessToken.length > 0 &&
    (candidate.email === undefined || typeof candidate.email === 'string') &&
    (candidate.refreshToken === undefined || typeof candidate.refreshToken === 'string')
  );
}
