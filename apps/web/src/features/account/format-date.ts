import { LOCALE_INFO, type LocaleCode } from '@quire/contracts';

/** A date of the profile ("21 November 2026"), written the way the locale writes dates. */
export function formatDate(iso: string, locale: LocaleCode): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].meta.htmlLang, { dateStyle: 'long' }).format(date);
}
