import { DEFAULT_LOCALE, LOCALES } from './locale-codes';
import type { LocaleCode, LocaleInfo } from './locale-schemas';

export { DEFAULT_LOCALE, LOCALES } from './locale-codes';

export const LOCALE_INFO: Record<LocaleCode, LocaleInfo> = {
  en: { code: 'en', title: 'English', flag: '🇬🇧', meta: { htmlLang: 'en', currency: 'USD' } },
  de: { code: 'de', title: 'Deutsch', flag: '🇩🇪', meta: { htmlLang: 'de', currency: 'EUR' } },
  fr: { code: 'fr', title: 'Français', flag: '🇫🇷', meta: { htmlLang: 'fr', currency: 'EUR' } },
  es: { code: 'es', title: 'Español', flag: '🇪🇸', meta: { htmlLang: 'es', currency: 'EUR' } },
  it: { code: 'it', title: 'Italiano', flag: '🇮🇹', meta: { htmlLang: 'it', currency: 'EUR' } },
  nl: { code: 'nl', title: 'Nederlands', flag: '🇳🇱', meta: { htmlLang: 'nl', currency: 'EUR' } },
};

export function isLocale(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the best supported locale from an Accept-Language header or a list of browser languages.
 * Quality values are honoured; a region ("de-AT") matches its language.
 */
export function negotiateLocale(accepted: string | readonly string[] | undefined | null): LocaleCode {
  const ranges = typeof accepted === 'string' ? parseAcceptLanguage(accepted) : [...(accepted ?? [])];
  for (const range of ranges) {
    const language = range.trim().toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { range, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.range && entry.range !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.range);
}
