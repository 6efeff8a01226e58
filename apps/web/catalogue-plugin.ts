import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:quire-catalogue/';
const NAMESPACES = ['app', 'errors', 'validation', 'fields'] as const;

/**
 * What the home page and its layout show (the signed-in menu and the signed-out notice included), per
 * namespace: the landing route downloads only these keys (its bundle has a 120 KB budget); every other page
 * loads the whole catalogue of its locale. Top-level keys of each file.
 */
export const LANDING_KEYS: Record<string, readonly string[]> = {
  app: [
    'brand',
    'meta',
    'nav',
    'session',
    'language',
    'footer',
    'common',
    'progress',
    'groups',
    'tools',
    'flows',
    'home',
    // The cookie card, the survey card and the footer's feedback dialog show on the home page too.
    'consent',
    'survey',
    'feedback',
  ],
  errors: [
    'offline',
    'server_unreliable',
    'server_fixing',
    'not_found',
    'internal_error',
    'request_failed',
    'unknown_middleware',
  ],
};

type Catalogue = Record<string, unknown>;

/**
 * Serves `virtual:quire-catalogue/<locale>/<landing|full>`: the catalogues of one locale from
 * `@quire/contracts/locales`, whole or cut down to the landing keys, as one module.
 */
export function catalogues(): Plugin {
  // The package exports only ./locales/*; the folder is two levels above one of its files.
  const localesDir = dirname(dirname(createRequire(import.meta.url).resolve('@quire/contracts/locales/en/app.json')));
  return {
    name: 'quire-catalogues',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [locale = '', part = ''] = id.slice(PREFIX.length + 1).split('/');
      if (!/^[a-z]{2}$/.test(locale) || (part !== 'landing' && part !== 'full')) {
        this.error(`Unknown catalogue module ${id.slice(1)}`);
      }
      const bundle: Record<string, Catalogue> = {};
      for (const namespace of NAMESPACES) {
        const file = join(localesDir, locale, `${namespace}.json`);
        this.addWatchFile(file);
        const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
        if (part === 'full') bundle[namespace] = catalogue;
        else if (LANDING_KEYS[namespace]) bundle[namespace] = pick(catalogue, LANDING_KEYS[namespace]);
      }
      return `export default ${JSON.stringify(bundle)};`;
    },
  };
}

function pick(catalogue: Catalogue, keys: readonly string[]): Catalogue {
  return Object.fromEntries(keys.filter((key) => key in catalogue).map((key) => [key, catalogue[key]]));
}
