import { isLocale, type LocaleCode } from '@quire/contracts';

const STORAGE_KEY = 'quire_login';

/** A login between leaving for the identity provider and coming back: kept in this tab only. */
export type PendingLogin = { verifier: string; state: string; returnTo: string | null; locale: LocaleCode };

export function savePendingLogin(pending: PendingLogin): void {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
}

/** The login in progress, removed as it is read: an authorization code can be redeemed only once. */
export function takePendingLogin(): PendingLogin | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return null;
  }
  return parse(raw);
}

function parse(raw: string | null): PendingLogin | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (
      typeof value?.verifier !== 'string' ||
      typeof value.state !== 'string' ||
      !(value.returnTo === null || typeof value.returnTo === 'string') ||
      !isLocale(value.locale)
    ) {
      return null;
    }
    return { verifier: value.verifier, state: value.state, returnTo: value.returnTo, locale: value.locale };
  } catch {
    return null;
  }
}
