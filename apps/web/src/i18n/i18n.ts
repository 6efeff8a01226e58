import { DEFAULT_LOCALE, LOCALE_INFO, type LocaleCode, NAMESPACES } from '@quire/contracts';
import type { i18n as I18n } from 'i18next';
import { importWithReload } from '../lib/chunk-reload';
import { type Bundle, type TranslateOptions, translateWith } from './translate';

/**
 * The landing route shows only part of the catalogue and renders it with a small translator; every other
 * page loads the whole catalogue and i18next. Both go through `translate`, so components never know which.
 */
export type CataloguePart = 'landing' | 'full';

/** One chunk per locale and part: a visitor downloads only the language they read. */
const CATALOGUES: Record<LocaleCode, Record<CataloguePart, () => Promise<{ default: Bundle }>>> = {
  en: {
    landing: () => import('virtual:quire-catalogue/en/landing'),
    full: () => import('virtual:quire-catalogue/en/full'),
  },
  de: {
    landing: () => import('virtual:quire-catalogue/de/landing'),
    full: () => import('virtual:quire-catalogue/de/full'),
  },
  fr: {
    landing: () => import('virtual:quire-catalogue/fr/landing'),
    full: () => import('virtual:quire-catalogue/fr/full'),
  },
  es: {
    landing: () => import('virtual:quire-catalogue/es/landing'),
    full: () => import('virtual:quire-catalogue/es/full'),
  },
  it: {
    landing: () => import('virtual:quire-catalogue/it/landing'),
    full: () => import('virtual:quire-catalogue/it/full'),
  },
  nl: {
    landing: () => import('virtual:quire-catalogue/nl/landing'),
    full: () => import('virtual:quire-catalogue/nl/full'),
  },
};

let locale: LocaleCode = DEFAULT_LOCALE;
const bundles = new Map<LocaleCode, Bundle>();
const loaded = new Map<LocaleCode, CataloguePart>();
let engine: I18n | undefined;
let engineLoading: Promise<I18n> | undefined;
let latestRequest = 0;
let version = 0;
const listeners = new Set<() => void>();

/** `t()` for code outside components (errors thrown by loaders, the API client). */
export function translate(key: string, options?: TranslateOptions | string): string {
  if (engine?.hasResourceBundle(locale, 'app')) {
    return String(
      engine.t(key, { lng: locale, ...(typeof options === 'string' ? { defaultValue: options } : options) }),
    );
  }
  return translateWith(bundles.get(locale) ?? {}, locale, key, options);
}

/** Loads the first page's catalogues (and i18next, unless it is the landing route). */
export function initI18n(first: LocaleCode = DEFAULT_LOCALE, part: CataloguePart = 'full'): Promise<void> {
  return ensureLocale(first, part);
}

/**
 * Makes `next` the active language, downloading what `part` needs the first time. Calls can overlap (the
 * first page's catalogues and a root redirect's): the last call made decides the language.
 */
export async function ensureLocale(next: LocaleCode, part: CataloguePart = 'full'): Promise<void> {
  const request = ++latestRequest;
  const [bundle] = await Promise.all([
    hasCatalogue(next, part) ? undefined : fetchCatalogue(next, part),
    part === 'full' ? loadEngine(next) : undefined,
  ]);
  if (bundle) {
    addBundle(next, bundle, part);
    changed();
  }
  if (request !== latestRequest) return;
  if (engine && engine.language !== next) await engine.changeLanguage(next);
  if (request !== latestRequest || locale === next) return;
  locale = next;
  document.documentElement.lang = LOCALE_INFO[next].meta.htmlLang;
  changed();
}

/** Whether the catalogues `part` needs are loaded ('full' includes 'landing'). */
export function hasCatalogue(code: LocaleCode, part: CataloguePart): boolean {
  const have = loaded.get(code);
  return have === 'full' || have === part;
}

/** The language currently shown. */
export function currentLocale(): LocaleCode {
  return locale;
}

/** For React: a number that changes whenever rendered text may change (language or catalogues). */
export function getI18nVersion(): number {
  return version;
}

export function subscribeI18n(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function addBundle(code: LocaleCode, bundle: Bundle, part: CataloguePart): void {
  bundles.set(code, { ...bundles.get(code), ...bundle });
  if (!hasCatalogue(code, part)) loaded.set(code, part);
  if (engine) addToEngine(engine, code, bundle);
}

function addToEngine(target: I18n, code: string, bundle: Bundle): void {
  for (const namespace of NAMESPACES) {
    const catalogue = bundle[namespace];
    if (catalogue) target.addResourceBundle(code, namespace, catalogue, true, true);
  }
}

function loadEngine(first: LocaleCode): Promise<I18n> {
  engineLoading ??= importWithReload(() => import('./engine'))
    .then((module) => module.createEngine(first))
    .then((created) => {
      // Catalogues that arrived while i18next was starting are handed over now.
      for (const [code, bundle] of bundles) addToEngine(created, code, bundle);
      engine = created;
      return created;
    });
  return engineLoading;
}

async function fetchCatalogue(code: LocaleCode, part: CataloguePart): Promise<Bundle> {
  return (await importWithReload(CATALOGUES[code][part])).default;
}

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}
