import { type LocaleCode, localePath, parseLocalePath } from '@quire/contracts';
import { useCallback } from 'react';
import { useLocation } from 'react-router';

/** The locale of the current URL (no prefix = English). */
export function useLocale(): LocaleCode {
  return parseLocalePath(useLocation().pathname).locale;
}

/** Builds paths in the current locale: `to('pricing')` is "/pricing" in English and "/de/pricing" in German. */
export function useLocalePath(): (rest: string) => string {
  const locale = useLocale();
  return useCallback((rest: string) => localePath(locale, rest), [locale]);
}
