import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LOCALES, type LocaleCode, type ProofreadingVariant } from '@quire/contracts';
import { type Hunspell, type HunspellFactory, loadModule } from 'hunspell-asm';
import { quickSuggestionAffixes } from './quick-suggestions';

/**
 * Hunspell in WebAssembly over the `dictionary-{language}` packages. The module is loaded once per process
 * and each language's dictionary on first use (a fraction of a second each), then kept warm: every later check of that
 * language reuses the same instance.
 */
export type HunspellDictionaries = {
  /** The dictionary as published: spelling judgements and its thorough (slow) suggestions. */
  get: (name: DictionaryName) => Promise<Hunspell>;
  /** The same word list with a lighter suggestion search (see `quickSuggestionAffixes`), loaded on first use. */
  quick: (name: DictionaryName) => Promise<Hunspell>;
  /** Loads every language (and British English) now, e.g. at start-up or before a benchmark. */
  warm: (names?: readonly DictionaryName[]) => Promise<void>;
};

/** A language's dictionary, or a variant's: "en" is American English, "de" German as in Germany. */
export type DictionaryName = LocaleCode | ProofreadingVariant;

// Austrian and Swiss German are loaded on first use only: they are rarely asked for and each costs memory.
const WARMED: readonly DictionaryName[] = [...LOCALES, 'en-GB'];

const PACKAGES: Record<ProofreadingVariant, string> = {
  'en-US': 'dictionary-en',
  'en-GB': 'dictionary-en-gb',
  'de-DE': 'dictionary-de',
  'de-AT': 'dictionary-de-at',
  'de-CH': 'dictionary-de-ch',
};

function packageOf(name: DictionaryName): string {
  return name in PACKAGES ? PACKAGES[name as ProofreadingVariant] : `dictionary-${name}`;
}

/** One instance per dictionary: "en" and "en-US" are the same one. */
function canonical(name: DictionaryName): DictionaryName {
  if (name === 'en-US') return 'en';
  if (name === 'de-DE') return 'de';
  return name;
}

const require = createRequire(import.meta.url);
let factoryPromise: Promise<HunspellFactory> | undefined;

export function createHunspellDictionaries(): HunspellDictionaries {
  const get = warmCache((language) => loadDictionary(language, 'full'));
  const quick = warmCache((language) => loadDictionary(language, 'quick'));
  return {
    get,
    quick,
    async warm(names = WARMED) {
      await Promise.all(names.flatMap((name) => [get(name), quick(name)]));
    },
  };
}

function warmCache(load: (name: DictionaryName) => Promise<Hunspell>): (name: DictionaryName) => Promise<Hunspell> {
  const loading = new Map<DictionaryName, Promise<Hunspell>>();
  return (name) => {
    const language = canonical(name);
    let dictionary = loading.get(language);
    if (!dictionary) {
      dictionary = load(language);
      // A failed load is not cached, so a later request can try again.
      dictionary.catch(() => loading.delete(language));
      loading.set(language, dictionary);
    }
    return dictionary;
  };
}

async function loadDictionary(language: DictionaryName, variant: 'full' | 'quick'): Promise<Hunspell> {
  const factory = await hunspellFactory();
  const folder = dirname(require.resolve(packageOf(language)));
  const [published, dic] = await Promise.all([
    readFile(join(folder, 'index.aff'), 'utf8'),
    readFile(join(folder, 'index.dic')),
  ]);
  const aff = Buffer.from(variant === 'quick' ? quickSuggestionAffixes(published) : published);
  const affPath = factory.mountBuffer(aff, `${language}.${variant}.aff`);
  const dicPath = factory.mountBuffer(dic, `${language}.${variant}.dic`);
  const hunspell = factory.create(affPath, dicPath);
  // The files were copied into the instance; the in-memory file system need not keep them.
  factory.unmount(affPath);
  factory.unmount(dicPath);
  return hunspell;
}

function hunspellFactory(): Promise<HunspellFactory> {
  factoryPromise ??= loadWithoutCrashHandler();
  return factoryPromise;
}

/**
 * The Emscripten runtime adds an `uncaughtException` listener that rethrows, which would turn an error
 * the server's own handlers deal with into a crash; it is removed once the module has loaded.
 */
async function loadWithoutCrashHandler(): Promise<HunspellFactory> {
  const before = new Set(process.listeners('uncaughtException'));
  try {
    return await loadModule();
  } finally {
    for (const listener of process.listeners('uncaughtException')) {
      if (!before.has(listener)) process.removeListener('uncaughtException', listener);
    }
  }
}
