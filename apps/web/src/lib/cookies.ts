import { LANGUAGE_COOKIE_MAX_AGE_DAYS, LANGUAGE_COOKIE_NAME, type LocaleCode } from '@quire/contracts';

const SECONDS_PER_DAY = 86_400;

/** Reads one cookie from a `document.cookie` style string; undefined when absent. */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const [key = '', ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The `Set-Cookie` style string for a first-party cookie: whole site, `SameSite=Lax`, `Secure` on https.
 * A max age of 0 deletes the cookie.
 */
export function serializeCookie(name: string, value: string, options: { maxAgeDays: number; secure: boolean }): string {
  const maxAge = Math.round(options.maxAgeDays * SECONDS_PER_DAY);
  const secure = options.secure ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/** Sets (or, with a max age of 0, deletes) a first-party cookie of this site. */
export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  const secure = window.location.protocol === 'https:';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie; the Cookie Store API is not everywhere yet.
  document.cookie = serializeCookie(name, value, { maxAgeDays, secure });
}

/** The language the visitor chose in the language switcher, remembered for a year (spec §9). */
export const LANGUAGE_COOKIE = {
  /** The raw cookie value; callers check it names a locale. */
  read: (cookies: string = document.cookie): string | undefined => readCookie(LANGUAGE_COOKIE_NAME, cookies),

  write(locale: LocaleCode): void {
    writeCookie(LANGUAGE_COOKIE_NAME, locale, LANGUAGE_COOKIE_MAX_AGE_DAYS);
  },
};
