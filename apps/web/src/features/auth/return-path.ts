import { type LocaleCode, localePath, matchPage, PAGES, REDIRECTS } from '@quire/contracts';

/** The login page of a locale; `back` is where the login returns to (the auth guard's `?redirect=`). */
export function loginPath(locale: LocaleCode, back?: string): string {
  const path = localePath(locale, PAGES.login.path);
  return back ? `${path}?redirect=${encodeURIComponent(back)}` : path;
}

/** Where a login ends when it was not asked to return anywhere (spec §2: the chapter tool). */
export function afterLoginPath(locale: LocaleCode): string {
  return localePath(locale, REDIRECTS.afterLogin);
}

/** Where the identity provider sends the browser after signing out (spec §2: "/?logout"), in a locale. */
export function signedOutPath(locale: LocaleCode): string {
  const [path = '', query = ''] = REDIRECTS.logout.split('?');
  return `${localePath(locale, path)}?${query}`;
}

/** The start page's parameter that says the account has just been deleted (spec §8 success notice). */
export const ACCOUNT_DELETED_PARAMETER = 'deleted';

/** Where the app goes after deleting the account: the start page of a locale, with the notice. */
export function accountDeletedPath(locale: LocaleCode): string {
  return `${localePath(locale, REDIRECTS.start)}?${ACCOUNT_DELETED_PARAMETER}`;
}

/**
 * A return address taken from a URL, if it is a path on this site. Anything else — another origin, a
 * protocol-relative or `javascript:` URL, the login page itself (a loop) — gives null.
 */
export function safeReturnPath(
  value: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || matchPage(url.pathname)?.id === 'login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
