import { LANGUAGE_COOKIE_MAX_AGE_DAYS, LANGUAGE_COOKIE_NAME, type LocaleCode } from '@quire/contracts';

const SECONDS_PER_DAY = 86_400;

/** Reads one cookie from a `document.cookie` style string; undefined when absent. */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const [key = '', ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The language the visitor chose in the language switcher, remembered for a year (spec §9). */
export const LANGUAGE_COOKIE = {
  /** The raw cookie value; callers check it names a locale. */
  read: (cookies: string = document.cookie): string | undefined => readCookie(LANGUAGE_COOKIE_NAME, cookies),

  write(locale: LocaleCode): void {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    const maxAge = LANGUAGE_COOKIE_MAX_AGE_DAYS * SECONDS_PER_DAY;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie; the Cookie Store API is not everywhere yet.
    document.cookie = `${LANGUAGE_COOKIE_NAME}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
  },
};
