import { detect } from 'tinyld';

/** PostgreSQL's text-search configurations for the languages it stems; anything else is indexed as 'simple'. */
const SEARCH_CONFIGS: Record<string, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  nl: 'dutch',
  pt: 'portuguese',
  sv: 'swedish',
  da: 'danish',
  no: 'norwegian',
  fi: 'finnish',
  ru: 'russian',
  tr: 'turkish',
  hu: 'hungarian',
  ro: 'romanian',
};

/** Detection reads this many characters from the start of a text. */
export const LANGUAGE_SAMPLE_CHARACTERS = 20_000;

/** The language of a text (ISO 639-1), or null when it is too short or unclear to tell. */
export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, LANGUAGE_SAMPLE_CHARACTERS);
  if (sample.trim().length < 20) return null;
  return detect(sample) || null;
}

export function searchConfigFor(language: string | null): string {
  return (language && SEARCH_CONFIGS[language]) || 'simple';
}
