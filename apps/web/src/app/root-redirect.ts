import { DEFAULT_LOCALE, isLocale, localePath, negotiateLocale } from '@quire/contracts';

export type RootRedirectInput = {
  pathname: string;
  /** The raw value of the language cookie, if set. */
  cookie: string | undefined;
  /** `navigator.languages`. */
  browserLanguages: readonly string[];
};

/**
 * Where a visitor of the bare root path is sent (spec §2): to the language of the cookie when it names
 * one, else to the best browser language; nowhere when that is English or the path is not exactly "/".
 */
export function rootRedirectTarget({ pathname, cookie, browserLanguages }: RootRedirectInput): string | null {
  if (pathname !== '/') return null;
  const locale = isLocale(cookie) ? cookie : negotiateLocale(browserLanguages);
  return locale === DEFAULT_LOCALE ? null : localePath(locale, '');
}
