import stopwordsIso from 'stopwords-iso';

const cache = new Map<string, ReadonlySet<string>>();

/** Function words of a language (the stopwords-iso lists); an unknown language has none. */
export function stopwordsFor(language: string | null | undefined): ReadonlySet<string> {
  const key = language ?? 'en';
  let found = cache.get(key);
  if (!found) {
    found = new Set((stopwordsIso as Record<string, string[]>)[key] ?? []);
    cache.set(key, found);
  }
  return found;
}
