import { LOCALE_INFO, type LocaleCode } from '@quire/contracts';

/** A publication day (YYYY-MM-DD) as the locale writes dates: "6 October 2026", "6. Oktober 2026". */
export function formatBlogDate(date: string, locale: LocaleCode): string {
  // Read and written in UTC: a day has no time zone, and must not move to the day before west of Greenwich.
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].meta.htmlLang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
