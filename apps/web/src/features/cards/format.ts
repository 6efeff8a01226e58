import { LOCALE_INFO, type LocaleCode } from '@quire/contracts';

/** A date and time ("3 Mar 2026, 14:05") the way the locale writes them. */
export function formatDateTime(iso: string, locale: LocaleCode): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].meta.htmlLang, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** A language named in itself ("Deutsch"). */
export function languageName(locale: LocaleCode): string {
  return LOCALE_INFO[locale].title;
}
