import { useEffect } from 'react';
import { currentLocale, ensureLocale } from '../../i18n/i18n';
import { useLocale } from '../use-locale';

/**
 * Error pages can render before the locale guard ran (a failing guard, a layout that did not load);
 * this brings the language in line with the URL so the error still reads in the visitor's language.
 */
export function useUrlLocaleLanguage(): void {
  const locale = useLocale();
  useEffect(() => {
    if (currentLocale() === locale) return;
    ensureLocale(locale).catch((error: unknown) => console.error('Could not switch the language', error));
  }, [locale]);
}
