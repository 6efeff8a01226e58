import type { DictionaryName, HunspellDictionaries } from './hunspell-dictionaries';

const MAX_SUGGESTIONS = 5;
const CACHE_SIZE = 5_000;

/**
 * Hunspell's suggestions for unknown words, best first, at most five. Each distinct word is looked up once
 * per language and kept in a bounded least-recently-used cache. Suggestions are synchronous WebAssembly
 * calls (a few ms with the quick affix file, up to ~1 s for the published one), so a check stops asking
 * after `deadline`: words past it are still flagged, with no suggestions, and get them on a later check.
 */
export type Suggester = {
  suggest: (language: DictionaryName, word: string, deadline: number) => Promise<string[]>;
};

export function createSuggester(dictionaries: HunspellDictionaries): Suggester {
  const cache = new Map<string, string[]>();
  return {
    async suggest(language, word, deadline) {
      const key = `${language}\u0000${word}`;
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      if (performance.now() > deadline) return [];
      const plain = word.replaceAll('’', "'");
      let found = (await dictionaries.quick(language)).suggest(plain);
      if (found.length === 0 && performance.now() < deadline) {
        found = (await dictionaries.get(language)).suggest(plain);
      }
      const suggestions = tidy(found, word);
      cache.set(key, suggestions);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return suggestions;
    },
  };
}

/** Writes apostrophes the way the text does (French Hunspell outputs ’ whatever it was given), without repeats. */
function tidy(suggestions: string[], word: string): string[] {
  const typographic = word.includes('’');
  const written = suggestions.map((suggestion) =>
    typographic ? suggestion.replaceAll("'", '’') : suggestion.replaceAll('’', "'"),
  );
  return [...new Set(written)].filter((suggestion) => suggestion !== word).slice(0, MAX_SUGGESTIONS);
}
