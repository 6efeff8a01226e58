import {
  type Catalogue,
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_INFO,
  type LocaleCode,
  NAMESPACES,
  type Namespace,
} from '@quire/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { importWithReload } from '../lib/chunk-reload';

export type LocaleBundle = Record<Namespace, Catalogue>;

/** One chunk per locale: a visitor downloads only the catalogues of the language they read. */
const BUNDLES: Record<LocaleCode, () => Promise<LocaleBundle>> = {
  en: () => importWithReload(() => import('./locales/en')).then((module) => module.bundle),
  de: () => importWithReload(() => import('./locales/de')).then((module) => module.bundle),
  fr: () => importWithReload(() => import('./locales/fr')).then((module) => module.bundle),
  es: () => importWithReload(() => import('./locales/es')).then((module) => module.bundle),
  it: () => importWithReload(() => import('./locales/it')).then((module) => module.bundle),
  nl: () => importWithReload(() => import('./locales/nl')).then((module) => module.bundle),
};

export const i18n = i18next.createInstance();

let initialising: Promise<void> | undefined;

/** Loads the first locale's catalogues and starts i18next; later calls wait for the first. */
export function initI18n(locale: LocaleCode = DEFAULT_LOCALE): Promise<void> {
  initialising ??= (async () => {
    const bundle = await BUNDLES[locale]();
    await i18n.use(initReactI18next).init({
      lng: locale,
      // Every locale has every key (checked by a test), so there is no need to download English as well.
      fallbackLng: false,
      ns: [...NAMESPACES],
      defaultNS: 'app',
      resources: { [locale]: bundle },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
    applyDocumentLanguage(locale);
  })();
  return initialising;
}

/** Makes `locale` the active language, downloading its catalogues the first time. */
export async function ensureLocale(locale: LocaleCode): Promise<void> {
  await initI18n(locale);
  if (!i18n.hasResourceBundle(locale, 'app')) {
    const bundle = await BUNDLES[locale]();
    for (const namespace of NAMESPACES) i18n.addResourceBundle(locale, namespace, bundle[namespace], true, true);
  }
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
}

/** The language i18next currently speaks, as a locale code. */
export function currentLocale(): LocaleCode {
  const language = i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

function applyDocumentLanguage(locale: LocaleCode): void {
  document.documentElement.lang = LOCALE_INFO[locale].meta.htmlLang;
}
