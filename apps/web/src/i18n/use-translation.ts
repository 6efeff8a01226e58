import { useSyncExternalStore } from 'react';
import { currentLocale, getI18nVersion, subscribeI18n, translate } from './i18n';
import type { Translate } from './translate';

/** `t` for components, re-rendering them when the language changes or catalogues arrive. */
export function useTranslation(): { t: Translate; language: string } {
  useSyncExternalStore(subscribeI18n, getI18nVersion);
  return { t: translate, language: currentLocale() };
}
