import { createRequire } from 'node:module';

// The lists ship as one JSON file; required rather than imported, since Node's ESM loader wants an
// import attribute for JSON that the bundled server would have to carry too.
const lists = createRequire(import.meta.url)('stopwords-iso') as Record<string, string[]>;
const cache = new Map<string, ReadonlySet<string>>();

/** Function words of a language (the stopwords-iso lists); an unknown language has none. */
export function stopwordsFor(language: string | null | undefined): ReadonlySet<string> {
  const key = language ?? 'en';
  let found = cache.get(key);
  if (!found) {
    found = new Set(lists[key] ?? []);
    cache.set(key, found);
  }
  return found;
}
